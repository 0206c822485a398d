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

// An open element handed to another writer (a large save's <map>, finished on another thread
// into a string of its own): the two strings, put end to end, are one writer's bytes, whether the
// element had children before it was handed over or its start tag was still open, and wherever it
// stands. The first writer goes on with the element around it.
TEST(XmlOut, AnElementHandedOverIsFinishedAsIfOneWriterWroteIt) {
    for (const bool childBefore : {false, true}) {
        for (const bool empty : {false, true}) {
            const auto before = [&](XmlOut& xml) {
                xml.open("battle");
                xml.attribute("format-version", 2);
                xml.open("map");
                xml.attribute("cols", 3);
                if (childBefore) {
                    xml.open("terrain-types");
                    xml.close();
                }
            };
            const auto inside = [&](XmlOut& xml) {
                if (!empty) {
                    xml.open("paths");
                    xml.close();
                }
            };
            const auto after = [](XmlOut& xml) {
                xml.open("order-of-battle");
                xml.close();
                xml.close();
            };
            std::string whole;
            XmlOut one(whole);
            before(one);
            inside(one);
            one.close();
            after(one);

            std::string first, second;
            XmlOut xml(first);
            before(xml);
            const std::size_t split = first.rfind("<map");
            second.assign(first, split);
            first.resize(split);
            XmlOut finish(second, xml.handOver());
            inside(finish);
            finish.close();
            after(xml);
            SCOPED_TRACE(testing::Message() << "child before " << childBefore << ", empty " << empty);
            EXPECT_EQ(first.substr(0, split) + second + first.substr(split), whole);
            EXPECT_TRUE(second.ends_with("</map>\n") || second.ends_with(" />\n")) << second;
            EXPECT_TRUE(first.ends_with("</battle>\n")) << first;
        }
    }
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

// The writer looks at an attribute's value eight bytes at a time for anything to escape (and a
// NUL). Each byte that is escaped, and some that are not, at every place in values of every length
// up to three words: the bytes are those of escaping one byte at a time.
TEST(XmlOut, EveryByteToEscapeIsFoundWhereverItStandsAgainstTheWordSteps) {
    const auto escapedOneByOne = [](std::string_view value) {
        std::string out;
        for (const char c : value.substr(0, value.find('\0'))) {
            const auto u = static_cast<unsigned char>(c);
            if (c == '&') {
                out += "&amp;";
            } else if (c == '<') {
                out += "&lt;";
            } else if (c == '"') {
                out += "&quot;";
            } else if (u < 0x20) {
                out += "&#" + std::string(1, static_cast<char>('0' + u / 10)) +
                       std::string(1, static_cast<char>('0' + u % 10)) + ";";
            } else {
                out += c;
            }
        }
        return out;
    };
    const std::string pieces{'\0', '\x01', '\t', '\n', '\r', '\x1f', '"', '&',    '<',    ' ',   '!',
                             '#',  '%',    '\'', ';',  '=',  '>',    '?', '\x7f', '\xc3', '\xff'};
    int cases = 0;
    for (std::size_t length = 1; length <= 24; ++length) {
        for (std::size_t at = 0; at < length; ++at) {
            for (const char piece : pieces) {
                std::string value(length, 'a');
                value[at] = piece;
                std::string text;
                XmlOut xml(text);
                xml.open("e");
                xml.attribute("v", value);
                xml.close();
                ASSERT_EQ(text, declaration + "<e v=\"" + escapedOneByOne(value) + "\" />\n")
                    << "byte " << static_cast<int>(static_cast<unsigned char>(piece)) << " at " << at
                    << " of " << length;
                ++cases;
            }
        }
    }
    EXPECT_EQ(cases, 300 * static_cast<int>(pieces.size()));
}

} // namespace
} // namespace sandtable
