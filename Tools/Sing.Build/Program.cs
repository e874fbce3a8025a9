using Sing.Build;

return await Cli.RunAsync(args);
