// Replays every input kept in tests/fuzz/corpus/TARGET/ through its target, deterministically and
// under the test build's sanitizers: the findings of past fuzzing stay fixed.
#include "fuzz_targets.hpp"

#include "formats/atomic_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace sandtable::fuzz {

TEST(FuzzCorpus, EveryKeptInputRunsCleanly) {
    namespace fs = std::filesystem;
    const fs::path root = SANDTABLE_FUZZ_CORPUS;
    for (const Target& target : targets()) {
        const fs::path dir = root / std::string(target.name);
        ASSERT_TRUE(fs::is_directory(dir))
            << "no corpus for the fuzz target " << target.name << " in " << dir;
        int replayed = 0;
        for (const auto& entry : fs::directory_iterator(dir)) {
            auto bytes = readWholeFile(entry.path());
            ASSERT_TRUE(bytes) << entry.path();
            SCOPED_TRACE(entry.path().string());
            target.run(*bytes); // a finding aborts the test program
            ++replayed;
        }
        EXPECT_GE(replayed, 5) << "the corpus of " << target.name << " is nearly empty";
    }
}

} // namespace sandtable::fuzz
