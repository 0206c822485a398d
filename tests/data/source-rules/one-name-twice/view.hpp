#pragma once
// Two headers of one namespace each define PixelRect, differently.
namespace sandtable {

struct PixelRect {
    int x = 0, y = 0, width = 0, height = 0;
};

namespace {
struct Helper {};
} // namespace

} // namespace sandtable
