#pragma once
// A zip archive of the given entries (name, bytes), as tests of module reading and importing make
// them: a hand-made module, a hostile archive.
#include <zip.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace sandtable::testing_support {

inline std::filesystem::path writeZip(const std::filesystem::path& file,
                                      const std::vector<std::pair<std::string, std::string>>& entries) {
    int error = 0;
    zip_t* z = zip_open(file.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
    EXPECT_NE(z, nullptr);
    for (const auto& [entry, bytes] : entries) {
        zip_source_t* src = zip_source_buffer(z, bytes.data(), bytes.size(), 0);
        EXPECT_GE(zip_file_add(z, entry.c_str(), src, ZIP_FL_ENC_UTF_8), 0);
    }
    EXPECT_EQ(zip_close(z), 0);
    return file;
}

} // namespace sandtable::testing_support
