// The streamed XML writer of scenario files: the bytes pugixml's format_indent wrote before it, so
// that a file saved before is saved again unchanged, and text that reads back as it was written.
#include "formats/xml_out.hpp"

#include <gtest/gtest.h>
#include <pugixml.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sandtable {
namespace {

const std::string declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

TEST(XmlOut, IndentsByTwoSpacesAndWritesEmptyElementsAndTextOnOneLine) {
    std::string text;
    XmlOut xml(text);
    xml.open("battle");
    xml.attribute("format-version", 3);
    xml.open("map");
    xml.attribute("cols", std::uint32_t{1000});
    xml.open("terrain-types");
    xml.close();
    xml.textElement("setup-notes", "first\nsecond");
    xml.open("event");
    xml.attribute("roll", -2);
    xml.closeWithText("");
    xml.close();
    xml.close();
    EXPECT_EQ(text, declaration + "<battle format-version=\"3\">\n"
                                  "  <map cols=\"1000\">\n"
                                  "    <terrain-types />\n"
                                  "    <setup-notes>first\nsecond</setup-notes>\n"
                                  "    <event roll=\"-2\"></event>\n"
                                  "  </map>\n"
                                  "</battle>\n");
}

// A part written apart (as a large save writes the map's contents on another thread) and put in
// place gives the bytes of one writer writing it all.
TEST(XmlOut, AFragmentWrittenApartJoinsAsIfWrittenInPlace) {
    const auto body = [](XmlOut& xml) {
        xml.open("paths");
        xml.open("path");
        xml.attribute("id", 1);
        xml.close();
        xml.close();
        xml.open("layer");
        const std::vector<std::int16_t> values{3, -12, 0, 7, 8, 9};
        xml.closeWithNumberRows(std::span<const std::int16_t>(values), 3);
    };
    std::string whole;
    XmlOut one(whole);
    one.open("battle");
    one.open("map");
    one.attribute("cols", 3);
    body(one);
    one.close();
    one.close();

    std::string joined, part, empty;
    XmlOut head(joined);
    head.open("battle");
    head.open("map");
    head.attribute("cols", 3);
    XmlOut apart(part, XmlOut::Fragment{2});
    body(apart);
    head.insert(empty); // nothing written apart changes nothing: <map> still takes its children
    head.insert(part);
    head.close();
    head.close();
    EXPECT_EQ(joined, whole);
    EXPECT_EQ(whole, declaration + "<battle>\n"
                                   "  <map cols=\"3\">\n"
                                   "    <paths>\n"
                                   "      <path id=\"1\" />\n"
                                   "    </paths>\n"
                                   "    <layer>\n3,-12,0,\n7,8,9\n</layer>\n"
                                   "  </map>\n"
                                   "</battle>\n");
}

TEST(XmlOut, NothingInsertedLeavesAnEmptyElementEmpty) {
    std::string text;
    XmlOut xml(text);
    xml.open("battle");
    xml.insert("");
    xml.close();
    EXPECT_EQ(text, declaration + "<battle />\n");
}

TEST(XmlOut, EscapesAsPugixmlDidAndKeepsCarriageReturns) {
    std::string text;
    XmlOut xml(text);
    xml.open("e");
    xml.attribute("a", "<&>\"'\t\n\r\x01 é");
    xml.closeWithText("<&>\"'\t\n\r\x1f é");
    // In attributes: & < " and every control character as a two-digit reference, > and ' as they
    // are; in text: & < >, tab and line feed as they are, a carriage return as &#13;.
    EXPECT_EQ(text, declaration + "<e a=\"&lt;&amp;>&quot;'&#09;&#10;&#13;&#01; é\">"
                                  "&lt;&amp;&gt;\"'\t\n&#13;&#31; é</e>\n");
}

TEST(XmlOut, TextReadsBackAsItWasWritten) {
    const std::string value = "Lee's \"Army\" & <Meade>\tof the\r\nPotomac \xE2\x80\x94 1863";
    std::string text;
    XmlOut xml(text);
    xml.open("e");
    xml.attribute("name", value);
    xml.closeWithText(value);
    pugi::xml_document doc;
    ASSERT_TRUE(doc.load_string(text.c_str()));
    EXPECT_EQ(std::string(doc.child("e").attribute("name").value()), value);
    EXPECT_EQ(std::string(doc.child("e").text().get()), value);
}

TEST(XmlOut, AStringEndsAtItsFirstNulAsACStringDid) {
    std::string text;
    XmlOut xml(text);
    xml.open("e");
    xml.attribute("a", std::string("before\0after", 12));
    xml.close();
    EXPECT_EQ(text, declaration + "<e a=\"before\" />\n");
}

} // namespace
} // namespace sandtable
