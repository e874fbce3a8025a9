using Sing.Build;
using Xunit;

namespace Sing.Build.Tests;

/// <summary>The HTTP rows read wrk's own report (wrk 4.1.0, Debian): requests per second, the --latency distribution in
/// the unit wrk chose, and errors.</summary>
public class WrkResultTests
{
    private const string Sample = """
        Running 5s test @ http://127.0.0.1:37939/
          1 threads and 1 connections
          Thread Stats   Avg      Stdev     Max   +/- Stdev
            Latency     4.08ms    6.91ms  38.48ms   88.05%
            Req/Sec   653.37    176.03     0.93k    64.71%
          Latency Distribution
             50%  880.00us
             75%    3.72ms
             90%   13.89ms
             99%    1.20s
          3317 requests in 5.10s, 44.82MB read
          Socket errors: connect 0, read 2, write 1, timeout 4
          Non-2xx or 3xx responses: 3
        Requests/sec:    650.48
        Transfer/sec:      8.79MB
        """;

    [Fact]
    public void ReadsRatePercentilesAndErrorsInMilliseconds()
    {
        WrkResult r = WrkResult.Parse(Sample);
        Assert.Equal(650.48, r.RequestsPerSecond, 2);
        Assert.Equal(0.88, r.P50Ms, 3);
        Assert.Equal(1200, r.P99Ms, 3);
        Assert.Equal(3317, r.Requests);
        Assert.Equal(2 + 1 + 4 + 3, r.Errors);
    }

    [Fact]
    public void OutputWithoutFiguresGivesNotANumber()
    {
        WrkResult r = WrkResult.Parse("unable to connect to 127.0.0.1:80 Connection refused");
        Assert.True(double.IsNaN(r.RequestsPerSecond) && double.IsNaN(r.P50Ms) && double.IsNaN(r.P99Ms));
    }
}
