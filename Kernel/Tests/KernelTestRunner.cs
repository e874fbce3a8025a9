using Sing.Kernel.Arch;
using Sing.Kernel.Console;
using Sing.Kernel.Platform;

namespace Sing.Kernel.Tests
{
    /// <summary>Runs in-kernel tests selected by the "test" kernel option and prints one structured line per test:
    ///   KTEST-BEGIN name
    ///   KTEST PASS name 123us        or        KTEST FAIL name: first failed check
    ///   KTEST-SUMMARY passed=N failed=M
    /// then exits QEMU with success or failure. "test=all" runs every registered test; "test=a,b" runs those ("gc.*" a group);
    /// "test=fault.X" deliberately triggers fault X, whose diagnostic the host checks.</summary>
    internal static unsafe class KernelTestRunner
    {
        public static void Run(string selection)
        {
            if (selection.StartsWith("fault."))
            {
                FaultTests.Trigger(selection);
                return;
            }

            KernelTest[] tests = KernelTestRegistry.All();
            int passed = 0, failed = 0, ran = 0;
            for (int i = 0; i < tests.Length; i++)
            {
                KernelTest test = tests[i];
                if (!IsSelected(selection, test.Name)) continue;
                ran++;
                Log.Line($"KTEST-BEGIN {test.Name}");
                var context = new TestContext();
                ulong start = Cpu.ReadTsc();
                test.Body(context);
                ulong micros = Tsc.ToMicroseconds(Cpu.ReadTsc() - start);
                if (context.Failures == 0)
                {
                    passed++;
                    Log.Line($"KTEST PASS {test.Name} {micros}us");
                }
                else
                {
                    failed++;
                    Log.Line($"KTEST FAIL {test.Name}: {context.FirstFailure}");
                }
            }
            if (ran == 0) Log.Line($"KTEST-ERROR no test matches \"{selection}\"");
            Log.Line($"KTEST-SUMMARY passed={passed} failed={failed}");
            QemuExit.Exit(failed == 0 && ran > 0 ? QemuExit.Success : QemuExit.TestsFailed);
        }

        private static bool IsSelected(string selection, string name)
        {
            if (selection == "all" || selection.Length == 0) return true;
            int start = 0;
            for (int i = 0; i <= selection.Length; i++)
            {
                if (i < selection.Length && selection[i] != ',') continue;
                string entry = selection.Substring(start, i - start);
                if (entry == name) return true;
                // "gc.*" selects a group (a shell-friendly way to run a subset).
                if (entry.Length > 0 && entry[entry.Length - 1] == '*' && name.StartsWith(entry.Substring(0, entry.Length - 1))) return true;
                start = i + 1;
            }
            return false;
        }
    }
}
