#pragma once
// A large battle read back as its save writes it: the <map> element and the rest of the file (the
// map cut out) as two texts, each parsed as soon as it is written, the map's on the thread that
// wrote it. So the save's check overlaps the writing instead of following it. It answers only
// whether the battle loads; for what a failure says, the save reads the whole text again, as a load
// of the file would.
#include <cstddef>
#include <memory>
#include <string_view>

namespace sandtable {

class ReadBackInTwo {
  public:
    explicit ReadBackInTwo(std::string_view name);
    ~ReadBackInTwo();
    ReadBackInTwo(const ReadBackInTwo&) = delete;
    ReadBackInTwo& operator=(const ReadBackInTwo&) = delete;

    // The map's element, on the thread that wrote it; the texts must outlive loads().
    void mapWritten(std::string_view map);
    // The rest, on another thread, while the map may still be being written.
    void restWritten(std::string_view rest);
    // After both: whether the file, rest[0, mapAt) + map + rest[mapAt, end), loads. Running out of
    // memory and the like is thrown, not answered.
    [[nodiscard]] bool loads(std::size_t mapAt);

  private:
    struct Reading;
    std::unique_ptr<Reading> reading_;
};

// How many saves this process has read back in two and found loading: for the tests that hold
// that a large save takes this way.
[[nodiscard]] std::size_t savesReadBackInTwo();

} // namespace sandtable
