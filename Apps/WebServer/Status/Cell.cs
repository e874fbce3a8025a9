#nullable enable
namespace Sing.Web.Status
{
    /// <summary>One table cell: text, a number, or nothing (a figure not reported). The HTML table, the JSON and the
    /// page's script all show it the same way: a number in decimal, nothing as "-".</summary>
    public readonly struct Cell
    {
        public readonly string? Text;
        public readonly long Number;
        public readonly bool IsNumber;

        private Cell(string? text, long number, bool isNumber) { Text = text; Number = number; IsNumber = isNumber; }

        public static Cell Of(string text) => new Cell(text, 0, false);
        public static Cell Of(long number) => new Cell(null, number, true);
        /// <summary>The number, or nothing when it is negative (not reported).</summary>
        public static Cell Figure(long number) => number < 0 ? new Cell(null, 0, false) : Of(number);

        public bool IsNothing => !IsNumber && Text == null;

        public string Display => IsNumber ? Number.ToString() : Text ?? "-";
    }
}
