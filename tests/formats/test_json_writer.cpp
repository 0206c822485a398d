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

} // namespace sandtable
