// Scans aligned by three or more control points: the least-squares affine fit recovers a known
// stretched and skewed placement, says how far each point lands, and refuses points that cannot
// fix one; the command line keeps the fit in the scenario.
#include "editor/cli/cli.hpp"
#include "formats/scenario_xml.hpp"
#include "model/affine_fit.hpp"
#include "model/layout.hpp"
#include "model/map.hpp"
#include "model/scenario_generator.hpp"
#include "tests/temporary_folder.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <sstream>

namespace sandtable {
namespace {

// A scan 2,000 x 1,500 pixels, stretched, turned and skewed onto a map measured in cells.
constexpr Affine known{0.0123, -0.0021, 1.75, 0.0018, 0.0131, -0.5};

std::pair<double, double> apply(const Affine& m, double px, double py) {
    return {m[0] * px + m[1] * py + m[2], m[3] * px + m[4] * py + m[5]};
}

TEST(AffineFit, RecoversAKnownPlacementWithinATenthOfACell) {
    // Six points clicked a little off (up to 0.03 of a cell), as a designer's clicks are.
    const double noise[6][2] = {{0.02, -0.01},  {-0.03, 0.01}, {0.01, 0.02},
                                {-0.01, -0.02}, {0.03, 0.0},   {0.0, 0.03}};
    const double pixels[6][2] = {{100, 80}, {1900, 120}, {1000, 1400}, {300, 1300}, {1700, 900}, {800, 600}};
    std::vector<ControlPoint> points;
    for (int i = 0; i < 6; ++i) {
        const auto [mx, my] = apply(known, pixels[i][0], pixels[i][1]);
        points.push_back({pixels[i][0], pixels[i][1], mx + noise[i][0], my + noise[i][1]});
    }
    const auto fit = fitAffine(points);
    ASSERT_TRUE(fit);
    // Everywhere on the scan (its corners are the worst), the fit is within 0.1 cell of the truth.
    for (const auto& [px, py] : {std::pair{0.0, 0.0}, {2000.0, 0.0}, {0.0, 1500.0}, {2000.0, 1500.0}}) {
        const auto [x, y] = apply(fit->transform, px, py);
        const auto [tx, ty] = apply(known, px, py);
        EXPECT_LT(std::hypot(x - tx, y - ty), 0.1) << px << "," << py;
    }
    ASSERT_EQ(fit->residuals.size(), 6u);
    for (double r : fit->residuals) {
        EXPECT_LT(r, 0.05);
        EXPECT_GE(r, 0.0);
    }
    EXPECT_GT(fit->rms, 0.0) << "noisy points do not fit exactly";
    EXPECT_LT(fit->rms, 0.04);
}

TEST(AffineFit, ExactPointsFitExactlyAndRoundTrip) {
    std::vector<ControlPoint> points;
    for (const auto& [px, py] : {std::pair{0.0, 0.0}, {1000.0, 0.0}, {0.0, 800.0}}) {
        const auto [mx, my] = apply(known, px, py);
        points.push_back({px, py, mx, my});
    }
    BackgroundImage scan;
    scan.file = "scan.png";
    const auto aligned = scan.alignedByPoints(points);
    ASSERT_TRUE(aligned);
    EXPECT_NEAR(aligned->second.rms, 0, 1e-9);
    const auto [mx, my] = aligned->first.toMap(640, 480);
    const auto [px, py] = aligned->first.toPixel(mx, my);
    EXPECT_NEAR(px, 640, 1e-6);
    EXPECT_NEAR(py, 480, 1e-6);
}

TEST(AffineFit, TwoPointsOrPointsOnALineFixNothing) {
    EXPECT_FALSE(fitAffine({{0, 0, 1, 1}, {10, 0, 2, 1}}));
    EXPECT_FALSE(fitAffine({{0, 0, 1, 1}, {10, 10, 2, 2}, {20, 20, 3, 3}, {30, 30, 4, 4}}));
}

TEST(AffineFit, TheCommandLineKeepsTheFitAndPrintsTheResiduals) {
    namespace fs = std::filesystem;
    const testing_support::TemporaryFolder scratch("align");
    const fs::path file = scratch / "align.xml";
    Scenario s = generateScenario(GeneratorParameters{20, 15, 2, 1, 1, GridShape::HexFlat});
    s.map.background = BackgroundImage();
    s.map.background->file = "scan.png";
    ASSERT_TRUE(saveScenario(s, file));
    // Four pixels that the known placement puts on four cells' centres.
    const Layout cells(s.map.grid, 1.0);
    const Affine& m = known;
    const double det = m[0] * m[4] - m[1] * m[3];
    std::string list;
    for (Offset c : {Offset{2, 2}, Offset{15, 3}, Offset{4, 12}, Offset{17, 11}}) {
        const Point at = cells.cellCenter(c);
        const double x = at.x - m[2], y = at.y - m[5];
        const double px = (m[4] * x - m[1] * y) / det, py = (-m[3] * x + m[0] * y) / det;
        list += (list.empty() ? "" : " ") + std::to_string(px) + "," + std::to_string(py) + "," +
                s.map.grid.label(c);
    }
    std::ostringstream out, err;
    ASSERT_EQ(cli::run({"align-background", file.string(), "--points", list}, out, err), 0) << err.str();
    EXPECT_NE(out.str().find("residuals in cells"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("rms"), std::string::npos);
    auto back = readScenario(file);
    ASSERT_TRUE(back);
    ASSERT_TRUE(back->map.background && back->map.background->affine);
    for (std::size_t i = 0; i < 6; ++i) {
        EXPECT_NEAR((*back->map.background->affine)[i], known[i], 1e-6) << i;
    }
    std::ostringstream bad;
    EXPECT_EQ(cli::run({"align-background", file.string(), "--points", "1,2,0303 3,4,0404"}, out, bad), 2);
    EXPECT_NE(bad.str().find("give three or more, not all on one line"), std::string::npos) << bad.str();
    EXPECT_EQ(
        cli::run({"align-background", file.string(), "--points", "1,2,9999 3,4,0404 5,6,0505"}, out, bad), 2);
    EXPECT_NE(bad.str().find("is not PX,PY,CCRR"), std::string::npos) << bad.str();
}

} // namespace
} // namespace sandtable
