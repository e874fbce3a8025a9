namespace System.Text.RegularExpressions
{
    public class RegexMatchTimeoutException : TimeoutException
    {
        public string Input { get; } = string.Empty;
        public string Pattern { get; } = string.Empty;
        public TimeSpan MatchTimeout { get; } = TimeSpan.FromTicks(-1);

        public RegexMatchTimeoutException()
            : base("The Regex engine has timed out while trying to match a pattern to an input string. This can occur for many reasons, including very large inputs or excessive backtracking caused by nested quantifiers, back-references and other factors.")
        {
        }

        public RegexMatchTimeoutException(string message) : base(message) { }

        public RegexMatchTimeoutException(string message, Exception inner) : base(message, inner) { }

        public RegexMatchTimeoutException(string regexInput, string regexPattern, TimeSpan matchTimeout) : this()
        {
            Input = regexInput;
            Pattern = regexPattern;
            MatchTimeout = matchTimeout;
        }
    }
}
