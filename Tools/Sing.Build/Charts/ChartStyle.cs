using ScottPlot;

namespace Sing.Build;

/// <summary>Sizes, fonts and colours shared by every chart, chosen to read at 1600 px wide on a screen.</summary>
internal static class ChartStyle
{
    public const int Width = 1600;
    public const int PanelHeight = 620;
    public const float TitleSize = 28;
    public const float AxisLabelSize = 22;
    public const float TickLabelSize = 18;
    public const float LegendSize = 18;
    public const float BarLabelSize = 15;

    /// <summary>Debian's fonts-dejavu-core (Build/install-prerequisites.sh installs it): the NoDependencies Skia build
    /// has no fontconfig, so the font is named by file and every machine draws the same glyphs.</summary>
    private const string FontDirectory = "/usr/share/fonts/truetype/dejavu";
    private const string FontName = "DejaVu Sans";
    private static readonly Lazy<string> s_font = new(RegisterFont);

    public static readonly Color SingularityIcount = Color.FromHex("#1F57A0");
    public static readonly Color SingularityTcg = Color.FromHex("#78AAE6");
    public static readonly Color LinuxIcount = Color.FromHex("#D66018");
    public static readonly Color LinuxTcg = Color.FromHex("#F5AF78");
    public static readonly Color PaperSingularity = Color.FromHex("#5A5A6E");
    public static readonly Color PaperLinux = Color.FromHex("#AAAAAA");
    public static readonly Color PaperMarker = Color.FromHex("#111111");
    public static readonly Color Reference = Color.FromHex("#222222");

    /// <summary>Colours for series that have no fixed meaning (configurations), distinct in print and for the common
    /// colour-vision deficiencies (Okabe-Ito).</summary>
    public static readonly IReadOnlyList<Color> Palette =
    [
        Color.FromHex("#0072B2"), Color.FromHex("#E69F00"), Color.FromHex("#009E73"), Color.FromHex("#CC79A7"),
        Color.FromHex("#56B4E9"), Color.FromHex("#D55E00"), Color.FromHex("#F0E442"), Color.FromHex("#000000"),
    ];

    /// <summary>The font every chart uses: DejaVu Sans where its files are, else what ScottPlot finds.</summary>
    public static string Font => s_font.Value;

    private static string RegisterFont()
    {
        string regular = Path.Combine(FontDirectory, "DejaVuSans.ttf");
        string bold = Path.Combine(FontDirectory, "DejaVuSans-Bold.ttf");
        if (!File.Exists(regular)) return Fonts.Default;
        Fonts.AddFontFile(FontName, regular, bold: false, italic: false);
        if (File.Exists(bold)) Fonts.AddFontFile(FontName, bold, bold: true, italic: false);
        return FontName;
    }
}
