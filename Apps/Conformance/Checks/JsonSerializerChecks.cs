using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    public enum Shade { Red, Green, DeepBlue }

    [JsonConverter(typeof(JsonStringEnumConverter<Size>))]
    public enum Size { Small = 1, Large = 10 }

    public record Address(string City, string Zip);

    public record GridPoint(int X, int Y = 7);

    public class Pet
    {
        public string Name { get; set; }
        public int Legs { get; set; } = 4;
    }

    public class Person
    {
        public string Name { get; set; }
        public int Age { get; set; }
        public double? Height { get; set; }
        public bool Active { get; set; }
        public DateTime Born { get; set; }
        public Shade Favorite { get; set; }
        public Size Shirt { get; set; } = Size.Small;
        public List<string> Tags { get; set; } = new List<string>();
        public Address Home { get; set; }
        public Dictionary<string, int> Scores { get; set; }
        public Pet[] Pets { get; set; }
        public string Nickname { get; set; }
        public decimal Balance { get; set; }
        public Guid Id { get; set; }
        public int ReadOnlyLength => Name?.Length ?? 0;
    }

    public class Annotated
    {
        [JsonPropertyName("full_name")] public string Name { get; set; }
        [JsonIgnore] public string Secret { get; set; } = "hidden";
        [JsonPropertyOrder(-1)] public int First { get; set; } = 1;
        [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] public string Optional { get; set; }
        [JsonInclude] public int Field = 5;
        public int PlainField = 6;
    }

    public class Base
    {
        public int BaseValue { get; set; } = 1;
    }

    public class Derived : Base
    {
        public int DerivedValue { get; set; } = 2;
    }

    public class Order
    {
        public required string Item { get; set; }
        public int Quantity { get; set; }
    }

    public class Node
    {
        public string Label { get; set; }
        public Node Next { get; set; }
        public List<Node> Children { get; set; }
    }

    [JsonSourceGenerationOptions(WriteIndented = true, PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
    [JsonSerializable(typeof(Person))]
    [JsonSerializable(typeof(List<GridPoint>))]
    internal partial class PeopleContext : JsonSerializerContext
    {
    }

    /// <summary>JsonSerializer as programs use it: options, naming policies, attributes, records, collections,
    /// enums, errors with their paths, and a [JsonSerializable] context.</summary>
    internal static class JsonSerializerChecks
    {
        private static void L(string name, Func<object> value) => JsonChecks.L(name, value);

        private static Person Sample() => new Person
        {
            Name = "Ada",
            Age = 36,
            Height = 1.65,
            Active = true,
            Born = new DateTime(1815, 12, 10),
            Favorite = Shade.DeepBlue,
            Shirt = Size.Large,
            Tags = { "math", "engines" },
            Home = new Address("London", "W1"),
            Scores = new Dictionary<string, int> { ["algebra"] = 9, ["poetry"] = 7 },
            Pets = new[] { new Pet { Name = "Puff" }, new Pet { Name = "Tweety", Legs = 2 } },
            Balance = 12.50m,
            Id = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"),
        };

        private static string Describe(Person p) =>
            p is null ? "null" : $"{p.Name}/{p.Age}/{p.Height}/{p.Active}/{p.Born:yyyy-MM-dd}/{p.Favorite}/{p.Shirt}/[{string.Join(",", p.Tags)}]/{p.Home}/"
            + (p.Scores is null ? "-" : string.Join(",", p.Scores.Select(s => s.Key + "=" + s.Value))) + "/"
            + (p.Pets is null ? "-" : string.Join(",", p.Pets.Select(x => x.Name + ":" + x.Legs))) + $"/{p.Nickname ?? "-"}/{p.Balance}/{p.Id}";

        public static void Run()
        {
            L("default", () => JsonSerializer.Serialize(Sample()));
            L("indented", () => JsonSerializer.Serialize(new Pet { Name = "Rex" }, new JsonSerializerOptions { WriteIndented = true }).Replace("\n", "|"));
            L("camel", () => JsonSerializer.Serialize(Sample(), new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.CamelCase, DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull }));
            L("snake", () => JsonSerializer.Serialize(new Pet { Name = "Rex" }, new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseUpper }));
            L("kebab", () => JsonSerializer.Serialize(new Annotated(), new JsonSerializerOptions { PropertyNamingPolicy = JsonNamingPolicy.KebabCaseLower }));
            L("names", () => string.Join(" ", new[] { "URLValue", "IOStream", "XMLHttpRequest", "already", "A", "Name2Value", "HTML5 Doc", "ID" }
                .Select(n => JsonNamingPolicy.CamelCase.ConvertName(n) + "|" + JsonNamingPolicy.SnakeCaseLower.ConvertName(n) + "|" + JsonNamingPolicy.KebabCaseUpper.ConvertName(n))));
            L("enums", () => JsonSerializer.Serialize(Sample(), new JsonSerializerOptions { Converters = { new JsonStringEnumConverter(JsonNamingPolicy.CamelCase) } }));
            L("annotated", () => JsonSerializer.Serialize(new Annotated { Name = "x" }));
            L("annotated-fields", () => JsonSerializer.Serialize(new Annotated { Optional = "o" }, new JsonSerializerOptions { IncludeFields = true }));
            L("inheritance", () => JsonSerializer.Serialize(new Derived()));
            L("readonly-ignored", () => JsonSerializer.Serialize(new Person { Name = "Bo" }, new JsonSerializerOptions { IgnoreReadOnlyProperties = true, DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingDefault }));
            L("scalars", () => JsonSerializer.Serialize(42) + " " + JsonSerializer.Serialize("a<b\"") + " " + JsonSerializer.Serialize(3.5) + " " + JsonSerializer.Serialize(true)
                + " " + JsonSerializer.Serialize<string>(null) + " " + JsonSerializer.Serialize(new[] { 1, 2, 3 }) + " " + JsonSerializer.Serialize(new List<double> { 0.1, 1e21 })
                + " " + JsonSerializer.Serialize('c') + " " + JsonSerializer.Serialize(TimeSpan.FromMinutes(90.5)) + " " + JsonSerializer.Serialize((int?)null));
            L("collections", () => JsonSerializer.Serialize(new Dictionary<string, List<int>> { ["a"] = new List<int> { 1 }, ["b"] = new List<int>() })
                + " " + JsonSerializer.Serialize(new Dictionary<int, string> { [3] = "three" }) + " " + JsonSerializer.Serialize(new HashSet<string> { "x" })
                + " " + JsonSerializer.Serialize(new List<GridPoint> { new GridPoint(1, 2) }));
            L("records", () => JsonSerializer.Serialize(new Address("Paris", "75001")) + " " + JsonSerializer.Deserialize<Address>("{\"City\":\"Rome\",\"Zip\":\"00100\"}")
                + " " + JsonSerializer.Deserialize<GridPoint>("{\"X\":3}") + " " + JsonSerializer.Deserialize<GridPoint>("{\"x\":3}"));
            L("roundtrip", () => Describe(JsonSerializer.Deserialize<Person>(JsonSerializer.Serialize(Sample()))));
            L("camel-roundtrip", () =>
            {
                var options = new JsonSerializerOptions(JsonSerializerDefaults.Web);
                string json = JsonSerializer.Serialize(Sample(), options);
                return json + " => " + Describe(JsonSerializer.Deserialize<Person>(json, options));
            });
            L("case-insensitive", () => Describe(JsonSerializer.Deserialize<Person>("{\"NAME\":\"Al\",\"age\":3}", new JsonSerializerOptions { PropertyNameCaseInsensitive = true }))
                + " vs " + Describe(JsonSerializer.Deserialize<Person>("{\"NAME\":\"Al\",\"age\":3}")));
            L("defaults-kept", () => JsonSerializer.Deserialize<Pet>("{\"Name\":\"Kit\",\"Unknown\":[1,{\"x\":2}]}").Legs + " " + JsonSerializer.Deserialize<Pet>("{}").Name);
            L("enum-read", () => JsonSerializer.Deserialize<Person>("{\"Favorite\":2,\"Shirt\":\"large\"}").Favorite + " " + JsonSerializer.Deserialize<Person>("{\"Shirt\":10}").Shirt
                + " " + JsonSerializer.Deserialize<Shade>("\"deepBlue\"", new JsonSerializerOptions { Converters = { new JsonStringEnumConverter() } }));
            L("null", () => Describe(JsonSerializer.Deserialize<Person>("null")) + " " + JsonSerializer.Deserialize<int?>("null") + " " + (JsonSerializer.Deserialize<List<int>>("null") == null));
            L("lists", () => string.Join(",", JsonSerializer.Deserialize<List<int>>("[1, 2, 3]")) + " " + string.Join(",", JsonSerializer.Deserialize<string[]>("[\"a\", null]").Select(s => s ?? "null"))
                + " " + string.Join(",", JsonSerializer.Deserialize<Dictionary<string, double>>("{\"pi\": 3.14, \"e\": 2.72}").Select(p => p.Key + ":" + p.Value)));
            L("object-values", () => string.Join(",", JsonSerializer.Deserialize<Dictionary<string, object>>("{\"a\":1,\"b\":\"x\",\"c\":[true]}").Select(p => p.Key + ":" + p.Value + ":" + p.Value?.GetType().Name)));
            L("element", () => JsonSerializer.Deserialize<JsonElement>("{\"k\":[1,2]}").GetProperty("k").GetArrayLength() + " " + JsonSerializer.Deserialize<JsonNode>("{\"k\":1}")["k"]);
            L("numbers-as-strings", () => JsonSerializer.Deserialize<Person>("{\"Age\":\"41\"}", new JsonSerializerOptions { NumberHandling = JsonNumberHandling.AllowReadingFromString }).Age
                + " " + JsonSerializer.Serialize(new Pet { Name = "n" }, new JsonSerializerOptions { NumberHandling = JsonNumberHandling.WriteAsString }));
            L("required", () => JsonSerializer.Deserialize<Order>("{\"Item\":\"pen\",\"Quantity\":2}").Item + " " + JsonSerializer.Serialize(new Order { Item = "ink", Quantity = 1 }));
            L("bad-type", () => JsonSerializer.Deserialize<Person>("{\"Name\":\"A\",\"Age\":\"old\"}"));
            L("bad-nested", () => JsonSerializer.Deserialize<Person>("{\"Pets\":[{\"Name\":\"a\"},{\"Legs\":true}]}"));
            L("bad-dictionary", () => JsonSerializer.Deserialize<Person>("{\"Scores\":{\"x\":1,\"y\":[]}}"));
            L("bad-json", () => JsonSerializer.Deserialize<Person>("{\"Name\": \"A\",\n \"Age\": 3,,}"));
            L("bad-trailing", () => JsonSerializer.Deserialize<Pet>("{} {}"));
            L("bad-empty", () => JsonSerializer.Deserialize<Pet>(""));
            L("bad-root", () => JsonSerializer.Deserialize<Pet>("[1]"));
            L("bad-int", () => JsonSerializer.Deserialize<int>("1.5") + " ");
            L("bad-overflow", () => JsonSerializer.Deserialize<byte>("300") + " ");
            L("bad-enum", () => JsonSerializer.Deserialize<Shade>("\"Purple\"", new JsonSerializerOptions { Converters = { new JsonStringEnumConverter() } }));
            L("bad-required", () => JsonSerializer.Deserialize<Order>("{\"Quantity\":2}").Item);
            L("bad-nan", () => JsonSerializer.Serialize(double.NaN));
            L("cycle", () =>
            {
                var node = new Node { Label = "a" };
                node.Next = node;
                try
                {
                    return JsonSerializer.Serialize(node).Length;
                }
                catch (JsonException e)
                {
                    int path = e.Message.IndexOf(" Path: ", StringComparison.Ordinal);
                    return e.GetType().Name + ": " + (path < 0 ? e.Message : e.Message.Substring(0, path)) + " (" + (e.Message.Length - e.Message.Replace(".Next", "").Length) / 5 + " steps)";
                }
            });
            L("tree", () => JsonSerializer.Serialize(new Node { Label = "root", Children = new List<Node> { new Node { Label = "leaf" } } }));
            L("frozen-options", () =>
            {
                var options = new JsonSerializerOptions();
                JsonSerializer.Serialize(1, options);
                options.WriteIndented = true;
                return "changed";
            });
            L("context", () => JsonSerializer.Serialize(Sample(), PeopleContext.Default.Person).Replace("\n", "|"));
            L("context-read", () => Describe(JsonSerializer.Deserialize("{\"name\":\"Cy\",\"age\":5}", PeopleContext.Default.Person))
                + " " + JsonSerializer.Deserialize("[{\"x\":1,\"y\":2}]", PeopleContext.Default.ListGridPoint).Count);
            L("context-type", () => JsonSerializer.Serialize(new List<GridPoint> { new GridPoint(4, 5) }, typeof(List<GridPoint>), PeopleContext.Default)
                + " " + ((List<GridPoint>)JsonSerializer.Deserialize("[{\"x\":8}]", typeof(List<GridPoint>), PeopleContext.Default))[0]);
            L("context-options", () => JsonSerializer.Serialize(new List<GridPoint> { new GridPoint(1, 1) }, new JsonSerializerOptions { TypeInfoResolver = PeopleContext.Default }));
            L("to-node", () => JsonSerializer.SerializeToNode(new Pet { Name = "N" })["Name"] + " " + JsonSerializer.SerializeToElement(new GridPoint(1, 2)).GetProperty("Y"));
            L("from-element", () => JsonDocument.Parse("{\"Name\":\"E\",\"Legs\":3}").RootElement.Deserialize<Pet>().Legs);
            L("utf8", () => JsonSerializer.SerializeToUtf8Bytes(new Pet { Name = "é" }).Length + " " + JsonSerializer.Deserialize<Pet>(System.Text.Encoding.UTF8.GetBytes("{\"Name\":\"\\u00e9\"}")).Name);
        }
    }
}
