using System.Collections.Generic;
using Sing.Kernel.Threading;

namespace Sing.Kernel.Security
{
    /// <summary>The compound principals that live processes and endpoints speak for, each kept once under a small
    /// number that an endpoint (exchange-heap memory, which holds no object reference) can store. A principal is its
    /// text and the content hash of the process its last link names (KernelProcess.Content), so two builds of one
    /// program, same text, are two numbers. Counted: a process
    /// holds its own from its first channel to its release, an endpoint from its making to its close; a number whose
    /// count falls to zero is free for another text. Number 0 is the kernel. All calls with interrupts off (the kernel
    /// lock on several CPUs).</summary>
    internal static unsafe class PrincipalTable
    {
        /// <summary>What a channel made by the kernel speaks for (number 0).</summary>
        public const string KernelPrincipal = "system/kernel@system";

        private static string[] s_texts = new string[64];
        private static string[] s_contents = new string[64];
        private static int[] s_counts = new int[64];
        private static readonly Dictionary<string, int> s_numbers = new Dictionary<string, int>();          // text -> its first pair's number
        private static readonly Dictionary<string, int> s_otherBuilds = new Dictionary<string, int>();     // text '\n' content -> number
        private static readonly Stack<int> s_free = new Stack<int>();
        private static int s_used = 1;   // numbers below it have been given out at least once

        /// <summary>Numbers in use now (tests: every one is given back when its processes and endpoints are gone).</summary>
        public static int Live => s_numbers.Count + s_otherBuilds.Count;

        /// <summary>The number of <paramref name="text"/> whose last link runs the code <paramref name="content"/>, counted
        /// once more (a new number when no one holds it).</summary>
        public static int Acquire(string text, string content)
        {
            // Looked up by text alone: one build per program is the rule, so the pair is almost always the text's
            // first; another build of the same text is keyed by both in a table of its own.
            if (s_numbers.TryGetValue(text, out int number))
            {
                if (s_contents[number] == content)
                {
                    s_counts[number]++;
                    return number;
                }
                if (s_otherBuilds.TryGetValue(string.Concat(text, "\n", content), out number))
                {
                    s_counts[number]++;
                    return number;
                }
            }
            if (s_free.Count > 0) number = s_free.Pop();
            else
            {
                if (s_used == s_texts.Length)
                {
                    System.Array.Resize(ref s_texts, s_texts.Length * 2);
                    System.Array.Resize(ref s_contents, s_contents.Length * 2);
                    System.Array.Resize(ref s_counts, s_counts.Length * 2);
                }
                number = s_used++;
            }
            s_texts[number] = text;
            s_contents[number] = content;
            s_counts[number] = 1;
            // '\n' is in no principal text, so the key of (text, content) is no other pair's.
            if (!s_numbers.TryAdd(text, number)) s_otherBuilds[string.Concat(text, "\n", content)] = number;
            return number;
        }

        /// <summary>Counts a holder more of <paramref name="number"/> (0, the kernel, is not counted).</summary>
        public static void AddRef(int number)
        {
            if (number != 0) s_counts[number]++;
        }

        /// <summary>A holder of <paramref name="number"/> is gone; the last one frees the number.</summary>
        public static void Release(int number)
        {
            if (number == 0 || --s_counts[number] > 0) return;
            string text = s_texts[number];
            if (s_numbers.TryGetValue(text, out int first) && first == number) s_numbers.Remove(text);
            else s_otherBuilds.Remove(string.Concat(text, "\n", s_contents[number]));
            s_texts[number] = null;
            s_contents[number] = null;
            s_free.Push(number);
        }

        public static string TextOf(int number) => number == 0 ? KernelPrincipal : s_texts[number] ?? KernelPrincipal;

        /// <summary>The content hash of the code the last link of principal <paramref name="number"/> runs ("" for the kernel).</summary>
        public static string ContentOf(int number) => number == 0 ? "" : s_contents[number] ?? "";

        /// <summary>The number of <paramref name="process"/>'s principal (null: the kernel, 0), taken on first need.</summary>
        public static int Of(Processes.KernelProcess process)
        {
            if (process == null) return 0;
            if (process.PrincipalNumber == 0) process.PrincipalNumber = Acquire(process.Principal, process.Content);
            return process.PrincipalNumber;
        }

        /// <summary>Both ends of a channel <paramref name="owner"/> just made speak for it (one call on the channel path).</summary>
        public static void HoldTwice(Processes.KernelProcess owner, Channels.Endpoint* imp, Channels.Endpoint* exp)
        {
            int number = Of(owner);
            s_counts[number] += 2;
            imp->Principal = exp->Principal = number;
        }

        /// <summary>Gives back the number <paramref name="process"/> holds, if it took one (its release).</summary>
        public static void ReleaseProcess(Processes.KernelProcess process)
        {
            ulong flags = Scheduler.DisableInterrupts();
            Release(process.PrincipalNumber);
            process.PrincipalNumber = 0;
            Scheduler.RestoreInterrupts(flags);
        }
    }
}
