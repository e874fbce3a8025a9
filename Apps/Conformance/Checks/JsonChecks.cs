using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.Unicode;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    /// <summary>System.Text.Json without the serializer: Utf8JsonWriter, Utf8JsonReader, JsonDocument/JsonElement and
    /// the JsonNode tree, including their escaping, number and date formats and error messages.</summary>
    internal static class JsonChecks
    {
        private const string Sample = "{\"name\":\"Ada\",\"age\":36,\"tags\":[\"math\",\"engines\"],\"height\":1.65,\"alive\":false,\"spouse\":null,\"address\":{\"city\":\"London\",\"zip\":\"W1\"}}";

        public static void Run()
        {
            Writer();
            Reader();
            Document();
            Nodes();
        }

        /// <summary>One line whose value is computed on its own: an exception shows as its type and message.</summary>
        internal static void L(string name, Func<object> value)
        {
            string text;
            try
            {
                text = Show(value());
            }
            catch (Exception e)
            {
                text = "!! " + e.GetType().Name + ": " + e.Message;
            }
            Line(name, text);
        }

        private static string Write(Action<Utf8JsonWriter> write, JsonWriterOptions options = default)
        {
            var output = new ArrayBufferWriter<byte>();
            using (var writer = new Utf8JsonWriter(output, options)) write(writer);
            return Encoding.UTF8.GetString(output.WrittenSpan);
        }

        private static void Person(Utf8JsonWriter w)
        {
            w.WriteStartObject();
            w.WriteString("name", "Ada \"Countess\" Lovelace");
            w.WriteNumber("born", 1815);
            w.WriteNumber("ratio", 0.1 + 0.2);
            w.WriteBoolean("notes", true);
            w.WriteNull("phone");
            w.WriteStartArray("languages");
            w.WriteStringValue("en");
            w.WriteStringValue("fr");
            w.WriteEndArray();
            w.WriteStartObject("empty");
            w.WriteEndObject();
            w.WriteStartArray("none");
            w.WriteEndArray();
            w.WriteEndObject();
        }

        private static void Writer()
        {
            L("writer-compact", () => Write(Person));
            L("writer-indented", () => Write(Person, new JsonWriterOptions { Indented = true }).Replace("\n", "|"));
            L("writer-tabs", () => Write(Person, new JsonWriterOptions { Indented = true, IndentCharacter = '\t', IndentSize = 1 }).Replace("\n", "|").Replace("\t", "T"));
            const string tricky = "<a href='x'>&amp; \"q\" \\ / \n\t\u0001 é 中 😀 +`";
            L("escape-default", () => Write(w => w.WriteStringValue(tricky)));
            L("escape-relaxed", () => Write(w => w.WriteStringValue(tricky), new JsonWriterOptions { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping }));
            L("escape-encoder-default", () => Write(w => w.WriteStringValue(tricky), new JsonWriterOptions { Encoder = JavaScriptEncoder.Default }));
            L("escape-all-ranges", () => Write(w => w.WriteStringValue(tricky), new JsonWriterOptions { Encoder = JavaScriptEncoder.Create(UnicodeRanges.All) }));
            L("escape-property", () => Write(w => { w.WriteStartObject(); w.WriteNumber("a<b>", 1); w.WriteEndObject(); }));
            L("encoded-text", () => JsonEncodedText.Encode("x\"y<z>é").Value);
            L("encoder-encode", () => JavaScriptEncoder.Default.Encode("a\"b<c>é\n") + " " + JavaScriptEncoder.UnsafeRelaxedJsonEscaping.Encode("a\"b<c>é\n"));
            L("numbers", () => Write(w =>
            {
                w.WriteStartArray();
                foreach (double d in new[] { 0.0, -0.0, 1.5, 1e20, 1e-7, 123456789.125, double.MaxValue, 1.0 / 3 }) w.WriteNumberValue(d);
                w.WriteNumberValue(1.1f);
                w.WriteNumberValue(1.50m);
                w.WriteNumberValue(-12345678901234L);
                w.WriteNumberValue(ulong.MaxValue);
                w.WriteEndArray();
            }));
            L("dates", () => Write(w =>
            {
                w.WriteStartArray();
                w.WriteStringValue(new DateTime(2024, 3, 15, 9, 30, 0));
                w.WriteStringValue(new DateTime(2024, 3, 15, 9, 30, 0, 250, DateTimeKind.Utc));
                w.WriteStringValue(new DateTimeOffset(2024, 3, 15, 9, 30, 0, TimeSpan.FromHours(-5.5)));
                w.WriteStringValue(new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"));
                w.WriteBase64StringValue(new byte[] { 1, 2, 3, 250 });
                w.WriteEndArray();
            }));
            L("raw", () => Write(w => { w.WriteStartObject(); w.WritePropertyName("r"); w.WriteRawValue("[1, 2,  3]"); w.WriteEndObject(); }));
            L("raw-invalid", () => Write(w => w.WriteRawValue("{\"a\":}")));
            L("nan", () => Write(w => w.WriteNumberValue(double.NaN)));
            L("value-in-object", () => Write(w => { w.WriteStartObject(); w.WriteNumberValue(1); }));
            L("property-in-array", () => Write(w => { w.WriteStartArray(); w.WritePropertyName("a"); }));
            L("two-values", () => Write(w => { w.WriteNumberValue(1); w.WriteNumberValue(2); }));
            L("end-mismatch", () => Write(w => { w.WriteStartArray(); w.WriteEndObject(); }));
            L("end-after-name", () => Write(w => { w.WriteStartObject(); w.WritePropertyName("a"); w.WriteEndObject(); }));
            L("name-after-name", () => Write(w => { w.WriteStartObject(); w.WritePropertyName("a"); w.WritePropertyName("b"); }));
            L("depth", () => Write(w => { for (int i = 0; i < 3; i++) w.WriteStartArray(); }, new JsonWriterOptions { MaxDepth = 2 }));
            L("pending", () =>
            {
                var output = new ArrayBufferWriter<byte>();
                var writer = new Utf8JsonWriter(output);
                writer.WriteStartArray();
                writer.WriteNumberValue(42);
                string before = writer.BytesPending + "/" + writer.BytesCommitted + "/" + output.WrittenCount + " depth " + writer.CurrentDepth;
                writer.WriteEndArray();
                writer.Flush();
                return before + " then " + writer.BytesPending + "/" + writer.BytesCommitted + "/" + output.WrittenCount;
            });
            L("stream", () =>
            {
                var stream = new MemoryStream();
                using (var writer = new Utf8JsonWriter(stream, new JsonWriterOptions { Indented = true }))
                {
                    writer.WriteStartObject();
                    writer.WriteString("k", "v");
                    writer.WriteEndObject();
                }
                return Encoding.UTF8.GetString(stream.ToArray()).Replace("\n", "|");
            });
            L("comment", () => Write(w => { w.WriteStartArray(); w.WriteCommentValue("note"); w.WriteNumberValue(1); w.WriteEndArray(); }));
        }

        private static string Tokens(string json, JsonReaderOptions options = default)
        {
            var reader = new Utf8JsonReader(Encoding.UTF8.GetBytes(json), options);
            var parts = new List<string>();
            while (reader.Read())
            {
                string part = reader.TokenType.ToString() + "@" + reader.CurrentDepth;
                switch (reader.TokenType)
                {
                    case JsonTokenType.PropertyName:
                    case JsonTokenType.String:
                        part += "=" + reader.GetString();
                        break;
                    case JsonTokenType.Number:
                        part += "=" + Encoding.UTF8.GetString(reader.ValueSpan);
                        break;
                    case JsonTokenType.Comment:
                        part += "=" + reader.GetComment();
                        break;
                }
                parts.Add(part);
            }
            return string.Join(" ", parts) + " consumed " + reader.BytesConsumed;
        }

        private static void Reader()
        {
            L("tokens", () => Tokens(Sample));
            L("tokens-escaped", () => Tokens("[\"a\\u00e9\\n\\\"b\\\"\", \"\\ud83d\\ude00\", \"\\/\"]"));
            L("tokens-top-number", () => Tokens("  -12.5e+3  "));
            L("tokens-comments", () => Tokens("[1, /* two */ 2 // end\n]", new JsonReaderOptions { CommentHandling = JsonCommentHandling.Allow }));
            L("tokens-skip-comments", () => Tokens("{/*c*/\"a\"/*d*/:/*e*/1}", new JsonReaderOptions { CommentHandling = JsonCommentHandling.Skip }));
            L("tokens-trailing", () => Tokens("[1,2,]", new JsonReaderOptions { AllowTrailingCommas = true }));
            L("reader-values", () =>
            {
                var reader = new Utf8JsonReader("[2147483648, 42, 1.5, \"2024-03-15T10:00:00Z\", true, 1e400, -0]"u8);
                reader.Read();
                var parts = new List<string>();
                reader.Read();
                parts.Add(reader.TryGetInt32(out int i) + " " + i + " " + reader.GetInt64());
                reader.Read();
                parts.Add(reader.GetInt32() + " " + reader.GetDouble() + " " + reader.GetDecimal() + " " + reader.TryGetByte(out byte b) + b);
                reader.Read();
                parts.Add(reader.TryGetInt32(out int j) + " " + j + " " + reader.GetDouble() + " " + reader.GetSingle());
                reader.Read();
                parts.Add(reader.GetDateTime().ToString("o") + " " + reader.GetDateTime().Kind);
                reader.Read();
                parts.Add(reader.GetBoolean().ToString());
                reader.Read();
                parts.Add(reader.TryGetDouble(out double big) + " " + reader.TryGetDecimal(out decimal bigd));
                reader.Read();
                parts.Add(reader.GetInt32() + " " + reader.GetDouble());
                return string.Join(" | ", parts);
            });
            L("reader-skip", () =>
            {
                var reader = new Utf8JsonReader(Encoding.UTF8.GetBytes(Sample));
                var names = new List<string>();
                reader.Read();
                while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
                {
                    names.Add(reader.GetString() + ":" + reader.ValueTextEquals("tags"));
                    reader.Skip();
                }
                return string.Join(",", names);
            });
            L("reader-wrong-type", () =>
            {
                var reader = new Utf8JsonReader("\"x\""u8);
                reader.Read();
                return reader.GetInt32();
            });
            L("reader-format", () =>
            {
                var reader = new Utf8JsonReader("3.5"u8);
                reader.Read();
                return reader.GetInt32();
            });
            L("reader-string-of-number", () =>
            {
                var reader = new Utf8JsonReader("3"u8);
                reader.Read();
                return reader.GetString();
            });
            foreach (string bad in new[]
            {
                "", "   ", "{", "[1,2", "{\"a\":}", "{\"a\" 1}", "{a:1}", "[1,]", "{\"a\":1,}", "[1 2]", "tru", "nul", "falsy", "01", "-", "1.", "1.e5", "1e", "-a",
                "\"abc", "\"a\tb\"", "\"\\x\"", "\"\\u12G4\"", "[}", "]", "1 2", "{} x", "[1]\n  ]", "/* c */ 1", "{\"a\":1}\n{\"b\":2}", "[\"ok\",\n  bad]",
                "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
            })
            {
                L("bad " + bad.Replace("\n", "\\n").Replace("\t", "\\t"), () => Tokens(bad));
            }
        }

        private static void Document()
        {
            using JsonDocument doc = JsonDocument.Parse(Sample);
            JsonElement root = doc.RootElement;
            L("doc-kind", () => root.ValueKind + " " + root.GetPropertyCount() + " " + root.GetProperty("tags").GetArrayLength());
            L("doc-props", () => string.Join(",", root.EnumerateObject().Select(p => p.Name + "=" + p.Value.ValueKind)));
            L("doc-values", () => root.GetProperty("name").GetString() + " " + root.GetProperty("age").GetInt32() + " " + root.GetProperty("height").GetDouble()
                + " " + root.GetProperty("alive").GetBoolean() + " " + (root.GetProperty("spouse").GetString() ?? "(null)") + " " + root.GetProperty("address").GetProperty("city").GetString());
            L("doc-array", () => string.Join("+", root.GetProperty("tags").EnumerateArray().Select(e => e.GetString())) + " " + root.GetProperty("tags")[1]);
            L("doc-tostring", () => string.Join(" | ", root.EnumerateObject().Select(p => p.Value.ToString())));
            L("doc-raw", () => root.GetProperty("address").GetRawText() + " " + root.GetProperty("name").GetRawText() + " " + root.EnumerateObject().First().ToString());
            L("doc-tryget", () => root.TryGetProperty("age", out JsonElement age) + " " + age + " " + root.TryGetProperty("AGE", out _) + " " + root.TryGetProperty("missing", out JsonElement none) + " " + none.ValueKind);
            L("doc-missing", () => root.GetProperty("missing"));
            L("doc-wrong-kind", () => root.GetProperty("tags").GetProperty("x"));
            L("doc-wrong-kind2", () => root.GetProperty("name").GetInt32());
            L("doc-wrong-kind3", () => root.GetArrayLength());
            L("doc-index", () => root.GetProperty("tags")[5]);
            L("doc-format", () => JsonDocument.Parse("[1.5, 300, 99999999999]").RootElement.EnumerateArray().Select(e => e.TryGetInt32(out int v) + ":" + v + ":" + e.TryGetByte(out byte b)).ToList());
            L("doc-getint-format", () => JsonDocument.Parse("1.5").RootElement.GetInt32());
            L("doc-duplicate", () => JsonDocument.Parse("{\"a\":1,\"a\":2}").RootElement.GetProperty("a").GetInt32());
            L("doc-default", () => default(JsonElement).ValueKind + " " + Throws(() => default(JsonElement).GetString()));
            L("doc-writeto", () => Write(w => root.WriteTo(w), new JsonWriterOptions { Indented = true }).Replace("\n", "|"));
            L("doc-escaped-roundtrip", () => Write(w => JsonDocument.Parse("[\"\\u0041<\\n\", 1.50, -0.0e1]").RootElement.WriteTo(w)));
            L("doc-clone", () =>
            {
                JsonElement clone;
                using (JsonDocument d = JsonDocument.Parse("{\"x\":[1,{\"y\":2}]}")) clone = d.RootElement.GetProperty("x").Clone();
                return clone.GetRawText() + " " + clone[1].GetProperty("y").GetInt32();
            });
            L("doc-disposed", () =>
            {
                JsonDocument d = JsonDocument.Parse("[1]");
                JsonElement e = d.RootElement;
                d.Dispose();
                return e.GetArrayLength();
            });
            L("doc-deepequals", () => JsonElement.DeepEquals(JsonDocument.Parse("{\"a\":[1,2],\"b\":1.0}").RootElement, JsonDocument.Parse("{\"b\":1,\"a\":[1,2]}").RootElement)
                + " " + JsonElement.DeepEquals(JsonDocument.Parse("[1,2]").RootElement, JsonDocument.Parse("[2,1]").RootElement));
            L("doc-options", () => JsonDocument.Parse("[1,/*x*/2,]", new JsonDocumentOptions { AllowTrailingCommas = true, CommentHandling = JsonCommentHandling.Skip }).RootElement.GetArrayLength());
            L("doc-comments-allow", () => new JsonDocumentOptions { CommentHandling = JsonCommentHandling.Allow });
            L("doc-depth", () => JsonDocument.Parse("[[[1]]]", new JsonDocumentOptions { MaxDepth = 2 }).RootElement.GetArrayLength());
            L("doc-bom", () => JsonDocument.Parse(new ReadOnlyMemory<byte>(new byte[] { 0xEF, 0xBB, 0xBF, (byte)'7' })).RootElement.GetInt32());
            L("doc-stream", () => JsonDocument.Parse(new MemoryStream(Encoding.UTF8.GetBytes("{\"s\":\"t\"}"))).RootElement.GetProperty("s").GetString());
            L("doc-valueequals", () => JsonDocument.Parse("\"caf\\u00e9\"").RootElement.ValueEquals("café") + " " + root.GetProperty("name").ValueEquals("ada"));
            L("doc-parsevalue", () =>
            {
                var reader = new Utf8JsonReader("{\"skip\":1,\"take\":{\"k\":[true]}}"u8);
                reader.Read();
                reader.Read();
                reader.Skip();
                reader.Read();
                using JsonDocument part = JsonDocument.ParseValue(ref reader);
                return part.RootElement.GetRawText() + " then " + reader.Read() + " " + reader.TokenType;
            });
            L("doc-error", () => JsonDocument.Parse("{\n  \"a\": [1, 2,\n  \"b\": 3\n}"));
            L("doc-error-type", () =>
            {
                try
                {
                    JsonDocument.Parse("[1,,2]");
                    return "no exception";
                }
                catch (JsonException e)
                {
                    return e.GetType().Name + " " + e.LineNumber + " " + e.BytePositionInLine + " " + (e.Path ?? "(no path)") + " " + (e is JsonException);
                }
            });
        }

        private static void Nodes()
        {
            JsonNode node = JsonNode.Parse(Sample);
            L("node-get", () => (string)node["name"] + " " + (int)node["age"] + " " + node["tags"][0] + " " + node["address"]["zip"] + " " + (node["spouse"] == null) + " " + (node["nothing"] == null));
            L("node-kinds", () => string.Join(",", node.AsObject().Select(p => p.Key + ":" + (p.Value?.GetValueKind().ToString() ?? "null"))));
            L("node-values", () => node["age"].GetValue<int>() + " " + node["age"].GetValue<long>() + " " + node["age"].GetValue<double>() + " " + node["height"].GetValue<decimal>() + " " + node["alive"].GetValue<bool>());
            L("node-bad-value", () => node["name"].GetValue<int>());
            L("node-bad-value2", () => node["height"].GetValue<int>());
            L("node-not-value", () => node["tags"].GetValue<string>());
            L("node-as", () => node.AsArray());
            L("node-path", () => node["address"]["city"].GetPath() + " " + node["tags"][1].GetPath() + " " + node.GetPath());
            L("node-tostring-value", () => node["name"].ToString() + " " + node["age"].ToString() + " " + node["alive"].ToString() + " " + node["height"].ToJsonString() + " " + node["name"].ToJsonString());
            L("node-tostring", () => node["address"].ToString().Replace("\n", "|") + " / " + node["tags"].ToJsonString());

            var built = new JsonObject
            {
                ["id"] = 7,
                ["title"] = "Tea & <biscuits>",
                ["price"] = 2.5m,
                ["ratio"] = 0.1,
                ["tags"] = new JsonArray("a", "b", 3, true, null),
                ["when"] = new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc),
                ["nested"] = new JsonObject { ["deep"] = new JsonArray(new JsonObject { ["x"] = 'c' }) },
            };
            L("built", () => built.ToJsonString());
            L("built-indented", () => built.ToJsonString(new JsonSerializerOptions { WriteIndented = true }).Replace("\n", "|"));
            L("built-relaxed", () => built.ToJsonString(new JsonSerializerOptions { Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping }));
            L("built-path", () => built["nested"]["deep"][0]["x"].GetPath() + " " + built["nested"]["deep"][0]["x"].GetValue<char>() + " " + built["nested"]["deep"][0]["x"].GetValue<string>());
            L("built-primitive-get", () => built["id"].GetValue<int>() + " " + Throws(() => built["id"].GetValue<long>()) + " " + Throws(() => built["id"].GetValue<string>()));
            L("built-kinds", () => built["when"].GetValueKind() + " " + built["price"].GetValueKind() + " " + built["tags"][3].GetValueKind());

            L("edit", () =>
            {
                JsonNode copy = node.DeepClone();
                copy["age"] = 37;
                copy["tags"].AsArray().Add("poetry");
                copy["tags"].AsArray().RemoveAt(0);
                copy.AsObject().Remove("spouse");
                copy["address"]["city"] = "Marylebone";
                copy.AsObject().Add("children", new JsonArray(3));
                copy.AsObject().Insert(0, "first", "yes");
                return copy.ToJsonString() + " equal " + JsonNode.DeepEquals(copy, node) + " " + JsonNode.DeepEquals(node.DeepClone(), node);
            });
            L("edit-parent", () =>
            {
                var a = new JsonObject();
                var child = new JsonArray(1);
                a["x"] = child;
                return Throws(() => new JsonObject { ["y"] = child }) + " | " + (child.Parent == a) + " " + (child.Root == a) + " " + child.GetPropertyName();
            });
            L("edit-cycle", () =>
            {
                var a = new JsonArray();
                var b = new JsonArray();
                a.Add(b);
                return Throws(() => b.Add(a));
            });
            L("edit-duplicate", () => Throws(() => new JsonObject { { "k", 1 }, { "k", 2 } }));
            L("edit-replace", () =>
            {
                JsonNode tree = JsonNode.Parse("{\"a\":{\"b\":1},\"c\":[1,2]}");
                tree["a"]["b"].ReplaceWith("one");
                tree["c"][1].ReplaceWith(new JsonObject { ["z"] = false });
                return tree.ToJsonString() + " " + tree["c"][1].GetElementIndex();
            });
            L("case-insensitive", () =>
            {
                JsonNode tree = JsonNode.Parse("{\"Name\":\"x\"}", new JsonNodeOptions { PropertyNameCaseInsensitive = true });
                return (string)tree["name"] + " " + tree.AsObject().ContainsKey("NAME");
            });
            L("array-ops", () =>
            {
                var array = new JsonArray(1, 2, 3, 4, 5, 6);
                array.RemoveAll(n => n.GetValue<int>() % 2 == 0);
                array.Insert(1, "mid");
                int count = array.Count;
                return array.ToJsonString() + " " + count + " " + array.IndexOf(array[1]) + " " + string.Join(",", new JsonArray(1, 2).GetValues<int>());
            });
            L("object-ops", () =>
            {
                var obj = new JsonObject { ["a"] = 1, ["b"] = 2, ["c"] = 3 };
                obj.Remove("b");
                obj["d"] = 4;
                obj["a"] = null;
                return obj.ToJsonString() + " " + obj.Count + " " + obj.TryGetPropertyValue("a", out JsonNode a) + (a == null) + " " + string.Join(",", obj.Select(p => p.Key));
            });
            L("node-parse-null", () => (JsonNode.Parse("null") == null) + " " + JsonNode.Parse("42").GetValue<int>() + " " + JsonNode.Parse("\"s\"").GetValue<string>());
            L("node-parse-error", () => JsonNode.Parse("{\"a\":1"));
            L("node-explicit", () => (double)JsonNode.Parse("[2.5]")[0] + " " + ((int?)JsonNode.Parse("{\"a\":null}")["a"] == null) + " " + (bool)JsonNode.Parse("true"));
            L("value-create", () => JsonValue.Create(3.25).ToJsonString() + " " + JsonValue.Create("q\"").ToJsonString() + " " + (JsonValue.Create((string)null) == null) + " " + JsonValue.Create(Guid.Empty).ToJsonString()
                + " " + JsonValue.Create(JsonDocument.Parse("[1]").RootElement.GetArrayLength()).ToJsonString());
            L("value-tryget", () =>
            {
                JsonValue v = JsonNode.Parse("\"2024-05-06T07:08:09\"").AsValue();
                return v.TryGetValue(out DateTime d) + " " + d.ToString("s") + " " + v.TryGetValue(out int i) + " " + v.TryGetValue(out JsonElement e) + " " + e.ValueKind;
            });
            L("node-writeto", () => Write(w => { w.WriteStartArray(); node["address"].WriteTo(w); w.WriteEndArray(); }));
        }
    }
}
