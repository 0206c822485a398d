#pragma once
namespace sandtable {

struct PixelRect {
    int left = 0, top = 0, right = 0, bottom = 0;
};

namespace {
struct Helper {}; // each file's own: not a clash
} // namespace

} // namespace sandtable

namespace other {
struct PixelRect {}; // another namespace: not a clash
} // namespace other
