// The streamed XML writer of scenario files: the bytes pugixml's format_indent wrote before it, so
// that a file saved before is saved again unchanged, and text that reads back as it was written.
#include "formats/xml_out.hpp"

#include <gtest/gtest.h>
#include <pugixml.hpp>

#include <string>

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
