// Every file in tests/data/bad/ is a broken scenario; NAME.expected holds the exact message it must
// give (file:line:column: what is wrong). A new bad case is a new pair of files.
#include "formats/scenario_xml.hpp"

#include "tests/file_bytes.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace sandtable {
namespace {

namespace fs = std::filesystem;

// A file's text without the line ends it finishes with.
std::string textWithoutFinalNewlines(const fs::path& p) {
    std::string text = testing_support::fileBytes(p);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) {
        text.pop_back();
    }
    return text;
}

std::vector<fs::path> badFiles() {
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(fs::path(SANDTABLE_TEST_DATA) / "bad")) {
        if (e.path().extension() == ".xml") {
            out.push_back(e.path());
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

class BadFile : public testing::TestWithParam<fs::path> {};

TEST_P(BadFile, IsRejectedWithItsExactMessage) {
    const fs::path file = GetParam();
    const fs::path expectedFile = fs::path(file).replace_extension(".expected");
    ASSERT_TRUE(fs::exists(expectedFile)) << "missing " << expectedFile;
    auto s = readScenarioFromString(textWithoutFinalNewlines(file) + "\n", file.filename().string());
    ASSERT_FALSE(s) << file << " was accepted";
    EXPECT_EQ(s.error().toString(), textWithoutFinalNewlines(expectedFile));
    EXPECT_GT(s.error().line, 0) << "every error must say where";
}

// Saved with CRLF (Windows) or a lone CR (old Mac) at each line's end, the same file gives the same
// message at the same line and column.
TEST_P(BadFile, GivesTheSamePlaceWhateverItsLineEnds) {
    const fs::path file = GetParam();
    const std::string lf = textWithoutFinalNewlines(file) + "\n";
    const auto withEnds = [&](std::string_view end) {
        std::string out;
        for (char c : lf) {
            if (c == '\n') {
                out += end;
            } else {
                out += c;
            }
        }
        return out;
    };
    auto fromLf = readScenarioFromString(lf, file.filename().string());
    ASSERT_FALSE(fromLf);
    for (std::string_view end : {"\r\n", "\r"}) {
        auto other = readScenarioFromString(withEnds(end), file.filename().string());
        ASSERT_FALSE(other) << (end.size() == 2 ? "CRLF" : "CR");
        EXPECT_EQ(other.error().toString(), fromLf.error().toString()) << (end.size() == 2 ? "CRLF" : "CR");
    }
}

INSTANTIATE_TEST_SUITE_P(Corpus, BadFile, testing::ValuesIn(badFiles()),
                         [](const testing::TestParamInfo<fs::path>& param) {
                             std::string name = param.param.stem().string();
                             std::replace_if(
                                 name.begin(), name.end(),
                                 [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
                             return name;
                         });

TEST(BadFiles, TheCorpusHasAtLeastTwentyCases) {
    EXPECT_GE(badFiles().size(), 20u);
}

TEST(BadFiles, EveryTruncationOfAGoodFileIsAnErrorNotACrash) {
    const std::string good = textWithoutFinalNewlines(fs::path(SANDTABLE_TEST_DATA) / "good" / "small.xml");
    ASSERT_FALSE(good.empty());
    ASSERT_TRUE(readScenarioFromString(good, "small.xml"));
    for (std::size_t cut = 0; cut + 1 < good.size(); cut += 7) {
        auto s = readScenarioFromString(std::string_view(good).substr(0, cut), "cut.xml");
        EXPECT_FALSE(s) << "accepted a file cut at byte " << cut;
    }
}

} // namespace
} // namespace sandtable
