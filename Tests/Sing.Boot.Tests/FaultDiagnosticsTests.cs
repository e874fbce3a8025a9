using System.Text.RegularExpressions;
using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>Each deliberate fault boots its own machine; the exception handler's report must name the exception,
/// the faulting C# method (from the symbol table) and, for page faults, the faulting address, and the machine
/// must exit with the panic status.</summary>
public class FaultDiagnosticsTests
{
    public static TheoryData<string, string, string, string?> Faults => new()
    {
        { "page_fault", "14: Page fault (#PF) error=0x2", "FaultTests__PageFault", "CR2=0x00007fff00000000" },
        { "invalid_opcode", "6: Invalid opcode (#UD) error=0x0", "sing_ud2", null },
        { "stack_overflow", "14: Page fault (#PF) error=0x2", "FaultTests__Recurse", null },
    };

    /// <summary>Faults in managed code that the runtime turns into exceptions, and a plain throw: nobody catches
    /// them in the kernel, so the report names the exception type, its message and the throwing method.</summary>
    public static TheoryData<string, string, string> UnhandledExceptions => new()
    {
        { "unhandled_exception", "S_P_CoreLib_System_InvalidOperationException: deliberately unhandled", "FaultTests__Unhandled" },
        { "null_reference", "S_P_CoreLib_System_NullReferenceException: Object reference not set to an instance of an object.", "FaultTests__NullReference" },
        { "divide_by_zero", "S_P_CoreLib_System_DivideByZeroException: Attempted to divide by zero.", "FaultTests__DivideByZero" },
    };

    [Theory]
    [MemberData(nameof(UnhandledExceptions))]
    public async Task UnhandledExceptionNamesTypeMessageAndMethod(string fault, string exception, string method)
    {
        QemuResult run = await Machine.BootAsync($"test=fault.{fault}", $"fault-{fault}");
        Assert.True(run.Serial.Contains($"*** KERNEL PANIC: unhandled exception {exception}", StringComparison.Ordinal),
            $"no unhandled-exception report for {exception}.\n{run.Describe()}");
        Assert.Matches(new Regex($@"^    at Sing_Kernel_Sing_Kernel_Tests_{method}\+0x[0-9a-f]+$", RegexOptions.Multiline), run.Serial);
        Assert.True(run.Status == KernelExitStatus.Panic, $"expected the panic exit status.\n{run.Describe()}");
    }

    [Fact]
    public async Task StackOverflowIsNamed()
    {
        QemuResult run = await Machine.BootAsync("test=fault.stack_overflow", "fault-stack_overflow-name");
        Assert.Matches(new Regex(@"^\*\*\* STACK OVERFLOW in Sing_Kernel_Sing_Kernel_Tests_FaultTests__Recurse\+0x[0-9a-f]+ \(thread 0 ""kernel-main""\)$", RegexOptions.Multiline), run.Serial);
    }

    [Theory]
    [MemberData(nameof(Faults))]
    public async Task FaultIsReported(string fault, string exceptionLine, string symbol, string? cr2)
    {
        QemuResult run = await Machine.BootAsync($"test=fault.{fault}", $"fault-{fault}");
        Assert.True(run.Serial.Contains($"KTEST-FAULT-EXPECTED fault.{fault}", StringComparison.Ordinal), $"the fault test did not start.\n{run.Describe()}");
        Assert.True(run.Serial.Contains($"*** CPU EXCEPTION {exceptionLine}", StringComparison.Ordinal), $"no '{exceptionLine}' report.\n{run.Describe()}");
        var rip = Regex.Match(run.Serial, @"^RIP=0x[0-9a-f]{16} \(([^)]+)\) RSP=0x[0-9a-f]{16}(.*)$", RegexOptions.Multiline);
        Assert.True(rip.Success, $"no RIP/RSP line.\n{run.Describe()}");
        Assert.Contains(symbol, rip.Groups[1].Value, StringComparison.Ordinal);
        if (cr2 is not null) Assert.Contains(cr2, rip.Groups[2].Value, StringComparison.Ordinal);
        Assert.Contains("*** system halted", run.Serial, StringComparison.Ordinal);
        Assert.True(run.Status == KernelExitStatus.Panic, $"expected the panic exit status.\n{run.Describe()}");
    }
}
