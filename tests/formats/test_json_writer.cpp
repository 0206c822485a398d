#include "formats/json_writer.hpp"

#include <gtest/gtest.h>

namespace sandtable {

TEST(JsonWriter, NestsEscapesAndSeparates) {
    JsonWriter j;
    j.beginObject()
        .field("name", "a \"b\"\n")
        .key("list")
        .beginArray()
        .value(1)
        .value(2.5)
        .value(true)
        .null()
        .endArray();
    j.key("empty").beginObject().endObject().endObject();
    EXPECT_EQ(j.str(), "{\n  \"name\": \"a \\\"b\\\"\\n\",\n  \"list\": [\n    1,\n    2.5,\n    true,\n    "
                       "null\n  ],\n  \"empty\": {}\n}\n");
}

TEST(JsonWriter, EscapesControlCharacters) {
    EXPECT_EQ(jsonEscape(std::string("\x01", 1)), "\"\\u0001\"");
}

TEST(JsonWriter, OutputIsAlwaysUtf8) {
    // Valid multi-byte text passes as it is; a byte that is not UTF-8 (a Latin-1 file name, a cut
    // sequence, an overlong form) becomes U+FFFD.
    EXPECT_EQ(jsonEscape("Chancellorsville \u2014 J\u00e4ger"), "\"Chancellorsville \u2014 J\u00e4ger\"");
    EXPECT_EQ(jsonEscape("Caf\xe9.xml"), "\"Caf\\ufffd.xml\"");
    EXPECT_EQ(jsonEscape("\xe2\x80"), "\"\\ufffd\\ufffd\"");
    EXPECT_EQ(jsonEscape("\xc0\xaf"), "\"\\ufffd\\ufffd\"");
}

} // namespace sandtable
