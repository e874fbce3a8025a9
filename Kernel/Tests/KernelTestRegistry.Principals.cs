namespace Sing.Kernel.Tests
{
    internal static unsafe partial class KernelTestRegistry
    {
        /// <summary>Compound principals: processes, roles, channels (Runtime/Security/README.md).</summary>
        private static KernelTest[] Principals() => new[]
        {
            new KernelTest("principals.children_extend_the_chain_and_inherit_the_role", &PrincipalTests.ChildrenExtendTheChainAndInheritTheRole),
            new KernelTest("principals.bad_roles_are_refused", &PrincipalTests.BadRolesAreRefused),
            new KernelTest("principals.binds_carry_both_principals", &PrincipalTests.BindsCarryBothPrincipals),
            new KernelTest("principals.content_tells_builds_apart", &PrincipalTests.ContentTellsBuildsApart),
            new KernelTest("principals.images_are_checked_against_the_installer", &PrincipalTests.ImagesAreCheckedAgainstTheInstaller),
            new KernelTest("principals.numbers_are_given_back", &PrincipalTests.NumbersAreGivenBack),
            new KernelTest("principals.delegation_adds_the_receiver", &PrincipalTests.DelegationAddsTheReceiver),
            new KernelTest("principals.namespace_patterns_decide_by_principal", &PrincipalTests.NamespacePatternsDecideByPrincipal),
        };
    }
}
