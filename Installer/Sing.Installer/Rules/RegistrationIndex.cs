using System;
using System.Collections.Generic;
using Sing.Installer.Model;

namespace Sing.Installer.Rules
{
    /// <summary>Which program registers each path, and the paths a program needs before it can start: those its
    /// endpoints bind and those it declares as dependencies.</summary>
    internal sealed class RegistrationIndex
    {
        private readonly Dictionary<string, InstalledProgram> _registrant = new(StringComparer.Ordinal);

        public RegistrationIndex(Dictionary<string, (InstalledProgram Program, EndpointDecl Endpoint)> registered)
        {
            foreach (var (path, entry) in registered) _registrant[path] = entry.Program;
        }

        public InstalledProgram? RegistrantOf(string path) => _registrant.TryGetValue(path, out var p) ? p : null;

        /// <summary>(path, "binds" or "depends on") for everything the program needs served.</summary>
        public static IEnumerable<(string Path, string How)> Needs(ProgramManifest m)
        {
            foreach (var e in m.Endpoints)
                if (e.Bind is not null && e.Register is null) yield return (e.Bind, "binds");
            foreach (var d in m.Dependencies) yield return (d.Name, "depends on");
        }

        public static IEnumerable<string> Registers(ProgramManifest m)
        {
            foreach (var e in m.Endpoints)
                if (e.Register is not null && e.Bind is null) yield return e.Register;
        }
    }
}
