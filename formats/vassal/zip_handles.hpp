#pragma once

#include <zip.h>

#include <memory>

namespace sandtable {

// An archive opened to be read and one entry of it, closed when they go out of scope. A read-only
// archive is discarded, not closed: closing would write back what never changed.
struct ZipDiscard {
    void operator()(zip_t* z) const { zip_discard(z); }
};
struct ZipEntryClose {
    void operator()(zip_file_t* f) const { zip_fclose(f); }
};
using ZipReading = std::unique_ptr<zip_t, ZipDiscard>;
using ZipEntryReading = std::unique_ptr<zip_file_t, ZipEntryClose>;

} // namespace sandtable
