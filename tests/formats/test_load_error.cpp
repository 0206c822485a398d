// Where in a file an error is: lines counted alike whichever way the file ends them, and the line
// index readers keep for their many elements agreeing with the count from the text's start.
#include "formats/load_error.hpp"

#include <gtest/gtest.h>

#include <string>

namespace sandtable {
namespace {

TEST(LoadErrorLines, LfCrLfAndALoneCrEachEndALine) {
    // Line 1 ends in LF, line 2 in CRLF, line 3 in a lone CR; line 4 has no end.
    const std::string text = "one\ntwo\r\nthree\rfour";
    EXPECT_EQ(lineAt(text, 0), 1);
    EXPECT_EQ(lineAt(text, 3), 1);  // the LF itself
    EXPECT_EQ(lineAt(text, 4), 2);  // 't' of two
    EXPECT_EQ(lineAt(text, 7), 2);  // the CR of the CRLF
    EXPECT_EQ(lineAt(text, 8), 2);  // its LF
    EXPECT_EQ(lineAt(text, 9), 3);  // 't' of three
    EXPECT_EQ(lineAt(text, 15), 4); // 'f' of four, after the lone CR
    EXPECT_EQ(lineAt(text, -5), 1);
    EXPECT_EQ(lineAt(text, 1000), 4);
    const LoadError e = LoadError::at("f.xml", text, 10, "bad");
    EXPECT_EQ(e.toString(), "f.xml:3:2: bad");
}

TEST(LoadErrorLines, ALineIndexGivesEveryOffsetTheLineCountedFromTheStart) {
    std::string text;
    const char* ends[] = {"\n", "\r\n", "\r", "\n\n", "\r\r\n"};
    for (int i = 0; i < 200; ++i) {
        text += std::string(static_cast<std::size_t>(i % 7), 'x') + ends[i % 5];
    }
    const LineIndex lines(text);
    // Asked out of order and again, as a reader's elements and its errors may ask.
    for (std::ptrdiff_t offset : {std::ptrdiff_t{500}, std::ptrdiff_t{3}, std::ptrdiff_t{500}}) {
        EXPECT_EQ(lines.lineAt(offset), lineAt(text, offset)) << offset;
    }
    for (std::ptrdiff_t offset = -2; offset <= static_cast<std::ptrdiff_t>(text.size()) + 2; ++offset) {
        ASSERT_EQ(lines.lineAt(offset), lineAt(text, offset)) << offset;
    }
    EXPECT_GT(lines.lineAt(static_cast<std::ptrdiff_t>(text.size())), 200);
    EXPECT_EQ(LineIndex("").lineAt(0), 1);
}

} // namespace
} // namespace sandtable
