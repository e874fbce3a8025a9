namespace Sing.Kernel.Tests
{
    internal static unsafe partial class KernelTestRegistry
    {
        /// <summary>The corelib's library surface (collections, strings, formatting) and the language features
        /// that rely on it.</summary>
        private static KernelTest[] Library() => new[]
        {
            new KernelTest("library.list_basics", &CollectionTests.ListBasics),
            new KernelTest("library.list_foreach_and_sort", &CollectionTests.ListForeachAndSort),
            new KernelTest("library.dictionary_basics", &CollectionTests.DictionaryBasics),
            new KernelTest("library.dictionary_key_kinds", &CollectionTests.DictionaryKeyKinds),
            new KernelTest("library.comparers_default", &CollectionTests.EqualityComparers),
            new KernelTest("library.collections_set_queue_stack", &CollectionTests.SetQueueStack),
            new KernelTest("library.collections_bitarray", &CollectionTests.BitArrayOps),
            new KernelTest("library.collections_arrays_as_interfaces", &CollectionTests.ArraysAsCollections),
            new KernelTest("library.string_search_compare", &StringLibraryTests.StringSearchAndCompare),
            new KernelTest("library.string_manipulation", &StringLibraryTests.StringManipulation),
            new KernelTest("library.number_formatting", &StringLibraryTests.NumberFormatting),
            new KernelTest("library.number_parsing", &StringLibraryTests.NumberParsing),
            new KernelTest("library.text_builder_and_format", &StringLibraryTests.BuilderAndFormat),
            new KernelTest("library.text_interpolation", &StringLibraryTests.Interpolation),
            new KernelTest("library.double_format_shortest", &FloatFormattingTests.Shortest),
            new KernelTest("library.double_format_precision", &FloatFormattingTests.Precision),
            new KernelTest("library.double_format_single", &FloatFormattingTests.Singles),
            new KernelTest("library.double_parse", &FloatFormattingTests.Parse),
            new KernelTest("library.double_format_interpolation", &FloatFormattingTests.Interpolation),
            new KernelTest("library.double_format_in_sip", &FloatFormattingTests.InSip),
            new KernelTest("library.conformance_in_sip", &ConformanceTests.InSip),
            new KernelTest("library.lang_generics", &LanguageTests.Generics),
            new KernelTest("library.lang_md_arrays", &LanguageTests.MultiDimensionalArrays),
            new KernelTest("library.lang_checked_arithmetic", &LanguageTests.CheckedArithmetic),
            new KernelTest("library.lang_enums", &LanguageTests.Enums),
            new KernelTest("library.lang_nullable", &LanguageTests.Nullables),
            new KernelTest("library.lang_tuples_and_math", &LanguageTests.TuplesAndMath),
            new KernelTest("library.alloc_free_hot_paths", &AllocationTests.HotPathsDoNotAllocate),
        };
    }
}
