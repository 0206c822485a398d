#include "model/enum_names.hpp"
#include "model/grid.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {
namespace {

// A name ended by a NUL, as the scenario reader hands over an attribute's value, is looked up as
// the same text measured first. Each text sits in a buffer of exactly its length and the NUL, so
// the sanitizer build sees any read past the end.
TEST(EnumNames, ANulEndedNameIsFoundExactlyAsTheMeasuredNameIs) {
    std::vector<std::string> texts{"",          "h",       "hex",    "hex-",  "hex-flatter",
                                   "hex-flat ", " square", "Square", "squar", "squares"};
    for (const auto& [value, name] : EnumNames<GridShape>::names) {
        texts.emplace_back(name);
        texts.push_back(std::string(name.substr(0, name.size() - 1)));
        texts.push_back(std::string(name) + "x");
    }
    for (const std::string& text : texts) {
        std::vector<char> buffer(text.begin(), text.end());
        buffer.push_back('\0');
        const std::optional<GridShape> measured = parseEnum<GridShape>(std::string_view(text));
        EXPECT_EQ(parseEnum<GridShape>(static_cast<const char*>(buffer.data())), measured)
            << '"' << text << '"';
    }
    EXPECT_EQ(parseEnum<GridShape>(static_cast<const char*>("square")), GridShape::Square);
    EXPECT_EQ(parseEnum<GridShape>(static_cast<const char*>("hex-pointy")), GridShape::HexPointy);
    EXPECT_EQ(parseEnum<GridShape>(static_cast<const char*>("hex")), std::nullopt);
}

} // namespace
} // namespace sandtable
