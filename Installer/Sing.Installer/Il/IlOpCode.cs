namespace Sing.Installer.Il
{
    /// <summary>The opcodes the safety rules look at, as (prefix &lt;&lt; 8 | byte) so one- and two-byte codes share a space.</summary>
    public static class IlOpCode
    {
        public const int Jmp = 0x27, Calli = 0x29, Call = 0x28, Callvirt = 0x6F, Newobj = 0x73, Dup = 0x25;
        public const int Refanyval = 0xC2, Mkrefany = 0xC6;
        public const int Arglist = 0xFE00, Ldftn = 0xFE06, Ldvirtftn = 0xFE07, Localloc = 0xFE0F, Cpblk = 0xFE17, Initblk = 0xFE18;

        public static string Name(int code) => code switch
        {
            Jmp => "jmp",
            Calli => "calli",
            Refanyval => "refanyval",
            Mkrefany => "mkrefany",
            Arglist => "arglist",
            Ldftn => "ldftn",
            Ldvirtftn => "ldvirtftn",
            Localloc => "localloc",
            Cpblk => "cpblk",
            Initblk => "initblk",
            _ => code > 0xFF ? $"0xfe 0x{code & 0xFF:x2}" : $"0x{code:x2}",
        };
    }
}
