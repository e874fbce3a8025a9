using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using static Sing.Conformance.EachLine;

namespace Sing.Conformance
{
    public enum TaskState { Todo, Doing, Done }

    public record TodoItem(int Id, string Title, TaskState State, DateTime Due, string[] Labels)
    {
        public bool Overdue(DateTime today) => State != TaskState.Done && Due < today;
    }

    public sealed class Board
    {
        public string Owner { get; set; } = "";
        public List<TodoItem> Items { get; set; } = new();
        public Dictionary<string, string> Settings { get; set; } = new();

        [JsonIgnore]
        public int Open => Items.Count(i => i.State != TaskState.Done);
    }

    /// <summary>A to-do board kept as JSON, written the way such a program is: records, an options object reused,
    /// LINQ over what was read back, a JsonNode patch, a report with interpolated formats, values known only as
    /// objects, and the failure a hand-edited file gets.</summary>
    internal static class JsonProgram
    {
        private static readonly JsonSerializerOptions Options = new()
        {
            WriteIndented = true,
            PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
            Converters = { new JsonStringEnumConverter() },
        };

        public static void Run()
        {
            var today = new DateTime(2024, 6, 1);
            var board = new Board { Owner = "sam", Settings = { ["theme"] = "dark" } };
            board.Items.Add(new TodoItem(1, "Write report", TaskState.Doing, today.AddDays(-2), new[] { "work" }));
            board.Items.Add(new TodoItem(2, "Buy milk", TaskState.Todo, today.AddDays(1), new[] { "home", "errand" }));
            board.Items.Add(new TodoItem(3, "File taxes", TaskState.Done, today.AddDays(-30), Array.Empty<string>()));

            string saved = JsonSerializer.Serialize(board, Options);
            P(() => saved.Replace("\n", "|"));
            Board loaded = JsonSerializer.Deserialize<Board>(saved, Options)!;
            P(() => $"{loaded.Owner}: {loaded.Items.Count} items, {loaded.Open} open, theme {loaded.Settings["theme"]}");
            foreach (var group in loaded.Items.GroupBy(i => i.State).OrderBy(g => g.Key))
                P(() => $"{group.Key,-6}|{string.Join(", ", group.Select(i => $"#{i.Id} {i.Title}"))}");
            P(() => string.Join(" ", loaded.Items.Where(i => i.Overdue(today)).Select(i => $"{i.Title} ({(today - i.Due).TotalDays:0} days late)")));
            P(() => string.Join(",", loaded.Items.SelectMany(i => i.Labels).Distinct().OrderBy(l => l)));

            JsonNode tree = JsonNode.Parse(saved)!;
            tree["items"]![1]!["state"] = "Done";
            tree["items"]!.AsArray().Add(new JsonObject { ["id"] = 4, ["title"] = "Call mum", ["state"] = "Todo", ["due"] = "2024-06-03T00:00:00", ["labels"] = new JsonArray("home") });
            tree.AsObject().Remove("settings");
            Board patched = tree.Deserialize<Board>(Options)!;
            P(() => $"patched: {patched.Items.Count} items, {patched.Open} open, settings {patched.Settings.Count}");

            var mixed = new List<object> { 1, "two", 3.5, true, null, new TodoItem(9, "mixed", TaskState.Todo, today, new[] { "x" }), new Dictionary<string, object> { ["k"] = 1 } };
            P(() => JsonSerializer.Serialize(mixed));
            P(() => JsonSerializer.Serialize(board.Items[0], typeof(TodoItem)));

            string handEdited = saved.Replace("\"id\": 2", "\"id\": \"two\"");
            P(() => JsonSerializer.Deserialize<Board>(handEdited, Options)!.Items.Count);
            P(() => JsonSerializer.Deserialize<Board>(saved.Substring(0, saved.Length / 2), Options)!.Items.Count);

            using JsonDocument doc = JsonDocument.Parse(saved);
            int labels = 0;
            foreach (JsonElement item in doc.RootElement.GetProperty("items").EnumerateArray())
                labels += item.GetProperty("labels").GetArrayLength();
            P(() => $"labels counted through the document: {labels}, first due {doc.RootElement.GetProperty("items")[0].GetProperty("due").GetDateTime():yyyy-MM-dd}");
        }
    }
}
