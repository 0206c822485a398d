#include "editor/main_frame.hpp"

#include <gtest/gtest.h>
#include <wx/app.h>
#include <wx/dcclient.h>
#include <wx/dcmemory.h>
#include <wx/image.h>

#include <filesystem>

namespace sandtable {
namespace {

const std::filesystem::path sample =
    std::filesystem::path(SANDTABLE_SAMPLES) / "first-bull-run" / "first-bull-run.sandtable.xml";

void pump() {
    for (int i = 0; i < 20; ++i) {
        wxTheApp->Yield(true);
    }
}

TEST(MainFrame, OpensTheSampleAndShowsItsMap) {
    auto* frame = new MainFrame;
    frame->Show();
    ASSERT_TRUE(frame->open(sample));
    pump();
    EXPECT_TRUE(frame->GetTitle().Contains("First Bull Run"));
    EXPECT_GT(frame->scenario().oob.units.size(), 20u);
    // The canvas really drew the map: grab its pixels and look for terrain colour.
    MapCanvas* canvas = frame->canvas();
    canvas->Update();
    const wxSize size = canvas->GetClientSize();
    ASSERT_GT(size.x, 100);
    wxBitmap shot(size);
    {
        wxMemoryDC mem(shot);
        wxClientDC client(canvas);
        mem.Blit(0, 0, size.x, size.y, &client, 0, 0);
    }
    const wxImage image = shot.ConvertToImage();
    const Rgb open = frame->scenario().map.terrainTypes[0].colour;
    int terrainPixels = 0;
    for (int y = 0; y < image.GetHeight(); y += 4) {
        for (int x = 0; x < image.GetWidth(); x += 4) {
            terrainPixels += image.GetRed(x, y) == open.r && image.GetGreen(x, y) == open.g &&
                             image.GetBlue(x, y) == open.b;
        }
    }
    EXPECT_GT(terrainPixels, 100) << "the canvas shows no open ground";
    frame->Destroy();
    pump();
}

TEST(MainFrame, ABadFileShowsTheReadersMessageAndKeepsTheCurrentScenario) {
    auto* frame = new MainFrame;
    wxString shown;
    frame->reportError = [&](const wxString&, const wxString& message) { shown = message; };
    ASSERT_TRUE(frame->open(sample));
    EXPECT_FALSE(frame->open(std::filesystem::path(SANDTABLE_TEST_DATA) / "bad" / "unknown-arm.xml"));
    EXPECT_TRUE(shown.Contains("unknown-arm.xml:")) << shown;
    EXPECT_TRUE(frame->GetTitle().Contains("First Bull Run"));
    frame->Destroy();
    pump();
}

} // namespace
} // namespace sandtable
