#pragma once
// A file's bytes as they are on disk, for the tests that compare what was written or read what a
// document says. A file that cannot be opened fails the test that asked, naming it (and gives "").
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace sandtable::testing_support {

inline std::string fileBytes(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        ADD_FAILURE() << "cannot open " << file.string();
        return {};
    }
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

} // namespace sandtable::testing_support
