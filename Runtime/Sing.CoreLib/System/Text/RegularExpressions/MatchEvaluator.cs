namespace System.Text.RegularExpressions
{
    public delegate string MatchEvaluator(Match match);
}
