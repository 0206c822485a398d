// The seam between the painter's Cairo image and a wx DC (editor/canvas/cairo_bitmap): what a
// window shows is the image's pixels exactly, wherever it is placed, through the DC's own Cairo
// context on wxGTK and through the bitmap elsewhere.
#include "editor/canvas/cairo_bitmap.hpp"

#include <gtest/gtest.h>
#include <wx/dcmemory.h>
#include <wx/image.h>

#include <cairo.h>

#include <cstdint>
#include <utility>
#include <vector>

namespace sandtable {
namespace {

// A pixel of its own at every place of the image, so a shift, a swapped channel or a scale shows.
std::uint32_t patternAt(int x, int y) {
    return static_cast<std::uint32_t>((x * 4 % 256) << 16 | (y * 5 % 256) << 8 | ((x * 3 + y * 7) % 256));
}

void drawPattern(CairoBitmap& buffer, int width, int height) {
    cairo_surface_t* image = buffer.image(width, height);
    cairo_surface_flush(image);
    unsigned char* data = cairo_image_surface_get_data(image);
    const int stride = cairo_image_surface_get_stride(image);
    for (int y = 0; y < height; ++y) {
        auto* row = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
        for (int x = 0; x < width; ++x) {
            row[x] = patternAt(x, y);
        }
    }
    cairo_surface_mark_dirty(image);
}

// What `present` leaves on a bitmap of `width` x `height` filled with black, the image at (x, y).
wxImage presented(CairoBitmap& buffer, int width, int height, int x, int y, bool* throughCairo = nullptr) {
    wxBitmap target(width, height, 24);
    {
        wxMemoryDC dc(target);
        dc.SetBackground(*wxBLACK_BRUSH);
        dc.Clear();
        if (throughCairo != nullptr) {
            *throughCairo = CairoBitmap::drawsWithCairo(dc);
        }
        buffer.present(dc, x, y);
    }
    return target.ConvertToImage();
}

// Every pixel of the image where it was placed, black around it; the first difference, or "".
std::string differenceFrom(const wxImage& shown, int width, int height, int left, int top) {
    for (int y = 0; y < shown.GetHeight(); ++y) {
        for (int x = 0; x < shown.GetWidth(); ++x) {
            const bool inside = x >= left && y >= top && x < left + width && y < top + height;
            const std::uint32_t want = inside ? patternAt(x - left, y - top) : 0;
            const std::uint32_t got = static_cast<std::uint32_t>(shown.GetRed(x, y)) << 16 |
                                      static_cast<std::uint32_t>(shown.GetGreen(x, y)) << 8 |
                                      shown.GetBlue(x, y);
            if (got != want) {
                return "pixel (" + std::to_string(x) + ", " + std::to_string(y) + ") is " +
                       std::to_string(got) + ", not " + std::to_string(want);
            }
        }
    }
    return "";
}

TEST(CairoBitmap, ADcShowsTheImagesPixelsExactlyWhereTheyArePlaced) {
    CairoBitmap buffer;
    drawPattern(buffer, 67, 41);
    bool throughCairo = false;
    EXPECT_EQ(differenceFrom(presented(buffer, 90, 60, 9, 13, &throughCairo), 67, 41, 9, 13), "");
#ifdef __WXGTK3__
    // wxGTK's DCs draw with Cairo: the image goes straight to them, with no bitmap made.
    EXPECT_TRUE(throughCairo);
#endif
    // The bitmap, as a DC without Cairo (wxMSW's) is given it, holds the same pixels.
    const wxImage asBitmap = buffer.bitmap().ConvertToImage();
    ASSERT_EQ(asBitmap.GetWidth(), 67);
    ASSERT_EQ(asBitmap.GetHeight(), 41);
    EXPECT_EQ(differenceFrom(asBitmap, 67, 41, 0, 0), "");
}

TEST(CairoBitmap, TheImageIsShownAgainAsItWasLeftAndAnewOnceDrawnAgain) {
    CairoBitmap buffer;
    EXPECT_FALSE(buffer.holds(30, 20));
    drawPattern(buffer, 30, 20);
    EXPECT_TRUE(buffer.holds(30, 20));
    EXPECT_FALSE(buffer.holds(31, 20));
    EXPECT_EQ(differenceFrom(presented(buffer, 40, 30, 0, 0), 30, 20, 0, 0), "");
    EXPECT_EQ(differenceFrom(presented(buffer, 40, 30, 10, 10), 30, 20, 10, 10), "") << "shown again";
    // Drawn over: the next showing is the new drawing, in the bitmap too.
    cairo_t* cr = buffer.begin(30, 20, 0x000000);
    cairo_destroy(cr);
    const wxImage cleared = presented(buffer, 40, 30, 0, 0);
    EXPECT_EQ(differenceFrom(cleared, 0, 0, 0, 0), "") << "all black now";
    EXPECT_EQ(differenceFrom(buffer.bitmap().ConvertToImage(), 0, 0, 0, 0), "");
}

// The image a maker gives (the display's shared one) is made with a quarter more room each way: a
// window's edge dragged within it draws on the same image, and only the part drawn is ever shown,
// by a paint, a paint of some rows, or the bitmap.
TEST(CairoBitmap, AMakersImageHasRoomToGrowAndOnlyThePartDrawnIsShown) {
    CairoBitmap buffer;
    std::vector<std::pair<int, int>> asked;
    buffer.makeImagesWith([&](int width, int height) {
        asked.emplace_back(width, height);
        return cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    });
    drawPattern(buffer, 80, 60);
    ASSERT_EQ(asked.size(), 1u);
    EXPECT_EQ(asked[0], (std::pair{100, 75}));
    EXPECT_EQ(differenceFrom(presented(buffer, 120, 90, 5, 7), 80, 60, 5, 7), "");
    // Out, to the room's edge, and in: what the larger drawings left in the room is never shown.
    for (const auto& [width, height] : {std::pair{88, 60}, {100, 75}, {64, 40}, {90, 30}}) {
        drawPattern(buffer, width, height);
        EXPECT_TRUE(buffer.holds(width, height));
        EXPECT_EQ(differenceFrom(presented(buffer, 120, 90, 3, 2), width, height, 3, 2), "")
            << width << " x " << height;
        const wxImage asBitmap = buffer.bitmap().ConvertToImage();
        EXPECT_EQ(asBitmap.GetWidth(), width);
        EXPECT_EQ(differenceFrom(asBitmap, width, height, 0, 0), "") << width << " x " << height;
    }
    EXPECT_EQ(asked.size(), 1u) << "within the room: the same image";
    drawPattern(buffer, 101, 60);
    ASSERT_EQ(asked.size(), 2u) << "beyond the room: a new one";
    EXPECT_EQ(asked[1], (std::pair{126, 75}));
    EXPECT_EQ(differenceFrom(presented(buffer, 130, 90, 0, 0), 101, 60, 0, 0), "");
    // Some rows alone: those rows, nothing else.
    cairo_surface_t* window = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 130, 90);
    cairo_t* cr = cairo_create(window);
    buffer.presentRows(cr, {0, 10, 101, 5});
    cairo_destroy(cr);
    cairo_surface_flush(window);
    int wrong = 0;
    for (int y = 0; y < 90; ++y) {
        const auto* row = reinterpret_cast<const std::uint32_t*>(cairo_image_surface_get_data(window) +
                                                                 static_cast<std::ptrdiff_t>(y) *
                                                                     cairo_image_surface_get_stride(window));
        for (int x = 0; x < 130; ++x) {
            const bool shown = y >= 10 && y < 15 && x < 101;
            wrong += (row[x] & 0xFFFFFF) != (shown ? patternAt(x, y) : 0) ? 1 : 0;
        }
    }
    cairo_surface_destroy(window);
    EXPECT_EQ(wrong, 0);
}

// A maker that gives no image (the display shares none): the images are made here, with room as
// well (sizes within it keep the same memory), and shown the same.
TEST(CairoBitmap, WithoutTheMakersImageTheImagesAreMadeHereAndShownTheSame) {
    CairoBitmap buffer;
    int asked = 0;
    buffer.makeImagesWith([&](int, int) -> cairo_surface_t* {
        ++asked;
        return nullptr;
    });
    const unsigned char* memory = nullptr;
    for (const auto& [width, height] : {std::pair{80, 60}, {96, 70}, {40, 20}}) {
        drawPattern(buffer, width, height);
        EXPECT_EQ(differenceFrom(presented(buffer, 120, 90, 1, 4), width, height, 1, 4), "")
            << width << " x " << height;
        const unsigned char* data = cairo_image_surface_get_data(buffer.image(width, height));
        if (memory == nullptr) {
            memory = data;
        }
        EXPECT_EQ(data, memory) << width << " x " << height << ": within the first image's room";
    }
    EXPECT_EQ(asked, 3) << "asked at every new size while it gives none";
}

} // namespace
} // namespace sandtable
