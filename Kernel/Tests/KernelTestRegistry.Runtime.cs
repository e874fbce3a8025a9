namespace Sing.Kernel.Tests
{
    internal static unsafe partial class KernelTestRegistry
    {
        /// <summary>The managed runtime in the kernel's object space.</summary>
        private static KernelTest[] Runtime() => new[]
        {
            new KernelTest("runtime.objects_and_arrays", &RuntimeTests.ObjectsAndArrays),
            new KernelTest("runtime.strings", &RuntimeTests.Strings),
            new KernelTest("runtime.statics", &RuntimeTests.Statics),
            new KernelTest("runtime.virtual_calls_and_casts", &RuntimeTests.VirtualCallsAndCasts),
            new KernelTest("runtime.boxing", &RuntimeTests.Boxing),
            new KernelTest("runtime.interface_dispatch", &DispatchTests.InterfaceDispatch),
            new KernelTest("runtime.array_interface_covariance", &ArrayInterfaceCovarianceTests.Run),
            new KernelTest("runtime.delegates_and_lambdas", &DispatchTests.DelegatesAndLambdas),
            new KernelTest("runtime.gvm_class", &GenericVirtualMethodTests.ClassGenericVirtualMethods),
            new KernelTest("runtime.gvm_shared_instantiations", &GenericVirtualMethodTests.SharedInstantiations),
            new KernelTest("runtime.gvm_interface", &GenericVirtualMethodTests.InterfaceGenericVirtualMethods),
            new KernelTest("runtime.gvm_dictionary_constructed_types", &GenericVirtualMethodDictionaryTests.ConstructedTypes),
            new KernelTest("runtime.gvm_dictionary_type_tests", &GenericVirtualMethodDictionaryTests.ConstructedTypeTests),
            new KernelTest("runtime.gvm_dictionary_generic_calls", &GenericVirtualMethodDictionaryTests.GenericMethodCalls),
            new KernelTest("runtime.gvm_from_generic_callers", &GvmFromGenericCallersTests.Run),
            new KernelTest("runtime.gvm_on_generic_types", &GvmOnGenericTypesTests.Run),
            new KernelTest("runtime.gvm_made_generic_objects", &GvmMadeGenericObjectsTests.Run),
            new KernelTest("runtime.gvm_variant_interface", &GvmVariantInterfaceTests.Run),
            new KernelTest("runtime.gvm_default_interface", &GvmDefaultInterfaceTests.Run),
            new KernelTest("runtime.gvm_delegates", &GvmDelegateTests.Run),
            new KernelTest("runtime.enum_names", &EnumNameTests.Names),
            new KernelTest("runtime.enum_undefined_and_formats", &EnumNameTests.UndefinedAndFormats),
            new KernelTest("runtime.enum_interpolation", &EnumNameTests.Interpolation),
            new KernelTest("runtime.enum_parse_and_list", &EnumNameTests.ParseAndList),
            new KernelTest("runtime.enum_names_in_sip", &EnumNameTests.InSip),
            new KernelTest("runtime.exceptions_catch_by_type", &ExceptionTests.CatchByTypeAndBaseType),
            new KernelTest("runtime.exceptions_finally", &ExceptionTests.FinallyRunsOnEveryPath),
            new KernelTest("runtime.exceptions_when_filters", &ExceptionTests.WhenFilters),
            new KernelTest("runtime.exceptions_nested_and_rethrow", &ExceptionTests.NestedAndRethrow),
            new KernelTest("runtime.exceptions_from_runtime_and_cpu", &ExceptionTests.RuntimeExceptions),
        };
    }
}
