using Sing.Kernel.Channels;
using Singularity.Manifests;
using Singularity.V1;

namespace Sing.Kernel.Processes
{
    /// <summary>Connects a program's declared startup endpoints before it runs (001 §2.3): an endpoint with bind=
    /// gets a fresh channel to the service registered at that path, one with register= registers the path for
    /// the program. A program whose endpoints cannot all be connected does not start.</summary>
    internal static unsafe class Binder
    {
        /// <summary>Binds every endpoint of <paramref name="program"/> into <paramref name="process"/>; returns null,
        /// or why not (what was connected so far is released by the caller's cleanup).</summary>
        public static string BindAll(KernelProcess process, ProgramManifest program, out AbiStatus status)
        {
            status = AbiStatus.Ok;
            for (int i = 0; i < program.Endpoints.Count; i++)
            {
                EndpointInfo endpoint = program.Endpoints[i];
                string error = endpoint.Bind != null ? BindClient(process, program, endpoint, out status) : RegisterService(process, program, endpoint, out status);
                if (error != null) return error;
            }
            return null;
        }

        private static string BindClient(KernelProcess process, ProgramManifest program, EndpointInfo endpoint, out AbiStatus status)
        {
            string path = endpoint.Bind;
            status = AbiStatus.NotFound;
            if (!NameService.IsRegistered(path))
                return string.Concat("endpoint ", endpoint.Name, " of ", program.Name, " binds ", path, ", where no service is registered (start the program that registers it first)");
            string contract = NameService.ContractOf(path);
            if (contract != null && contract != endpoint.Contract)
            {
                status = AbiStatus.InvalidArgument;
                return string.Concat("endpoint ", endpoint.Name, " of ", program.Name, " expects contract ", endpoint.Contract, " but the service at ", path, " speaks ", contract);
            }
            status = NameService.Bind(process, path, out Endpoint* client);
            if (status != AbiStatus.Ok) return string.Concat("binding endpoint ", endpoint.Name, " of ", program.Name, " to ", path, " failed: ", status.ToString());
            process.StartupEndpoints[endpoint.Name] = (ulong)client;
            return null;
        }

        private static string RegisterService(KernelProcess process, ProgramManifest program, EndpointInfo endpoint, out AbiStatus status)
        {
            string path = endpoint.Register;
            status = AbiStatus.NotPermitted;
            NamespaceRule rule = ProgramCatalog.Manifest.RuleFor(path);
            if (rule != null && !rule.Allows(program.Kind))
                return string.Concat("endpoint ", endpoint.Name, " of ", program.Name, " registers ", path, ", but names under ", rule.Prefix, " are for ", string.Join(",", rule.Kinds), " programs, not ", program.Kind);
            status = NameService.Register(process, path, endpoint.Contract, out Endpoint* requests);
            if (status == AbiStatus.NameInUse) return string.Concat("endpoint ", endpoint.Name, " of ", program.Name, " registers ", path, ", which another process already registered");
            if (status != AbiStatus.Ok) return string.Concat("registering ", path, " for ", program.Name, " failed: ", status.ToString());
            process.StartupEndpoints[endpoint.Name] = (ulong)requests;
            return null;
        }
    }
}
