// The order of battle's status icons: where each piece is (deployed, arriving, not placed) and its
// worst finding, kept up to date finding by finding; and the tooltip listing an item's findings.
#include "oob_panel.hpp"

#include <wx/brush.h>
#include <wx/graphics.h>
#include <wx/imaglist.h>
#include <wx/pen.h>

#include <algorithm>
#include <map>

namespace sandtable {
namespace {

// Whether a piece stands on the map, arrives later or is not placed: the first part of its icon.
enum class Where { None, Deployed, Arriving, NotPlaced };

int imageIndex(Where where, std::optional<Severity> worst) {
    const int severity = worst ? 1 + static_cast<int>(*worst) : 0;
    return static_cast<int>(where) * 4 + severity;
}

// 16 x 16 icons: a dot for where the piece is (filled green deployed, blue clock-like ring for a
// reinforcement, hollow grey not placed) and a badge for its worst problem (red error, amber
// warning, blue info), so a glance down the tree finds both.
wxBitmap statusIcon(Where where, int severity) {
    wxImage image(16, 16);
    image.InitAlpha();
    std::fill_n(image.GetAlpha(), 16 * 16, 0);
    std::unique_ptr<wxGraphicsContext> gc(wxGraphicsContext::Create(image));
    if (gc) {
        switch (where) {
        case Where::None:
            break;
        case Where::Deployed:
            gc->SetPen(wxPen(wxColour(30, 110, 40), 1));
            gc->SetBrush(wxBrush(wxColour(60, 170, 70)));
            gc->DrawEllipse(1, 1, 10, 10);
            break;
        case Where::Arriving:
            gc->SetPen(wxPen(wxColour(40, 80, 170), 2));
            gc->SetBrush(*wxTRANSPARENT_BRUSH);
            gc->DrawEllipse(2, 2, 9, 9);
            gc->StrokeLine(6.5, 6.5, 6.5, 3.5);
            gc->StrokeLine(6.5, 6.5, 9, 6.5);
            break;
        case Where::NotPlaced:
            gc->SetPen(wxPen(wxColour(130, 130, 130), 1));
            gc->SetBrush(*wxTRANSPARENT_BRUSH);
            gc->DrawEllipse(2, 2, 9, 9);
            break;
        }
        if (severity > 0) {
            const wxColour colours[] = {wxColour(40, 110, 200), wxColour(230, 150, 0), wxColour(210, 30, 30)};
            gc->SetPen(wxPen(*wxWHITE, 1));
            gc->SetBrush(wxBrush(colours[severity - 1]));
            gc->DrawRectangle(8, 8, 7, 7);
        }
    }
    gc.reset(); // flushes into the image
    return wxBitmap(image);
}

Where whereIs(const Scenario& s, PieceRef p) {
    return s.deployment.placements.contains(p)       ? Where::Deployed
           : s.deployment.reinforcements.contains(p) ? Where::Arriving
                                                     : Where::NotPlaced;
}

std::map<PieceRef, Severity> worstProblemOfEachPiece(const Report& report) {
    std::map<PieceRef, Severity> worst;
    for (const Violation& v : report.violations) {
        if (v.excluded) {
            continue;
        }
        for (PieceRef p : v.pieces) {
            auto [it, inserted] = worst.try_emplace(p, v.severity);
            if (!inserted && v.severity > it->second) {
                it->second = v.severity;
            }
        }
    }
    return worst;
}

} // namespace

int OobPanel::statusImage(PieceRef piece) const {
    const auto worst = shownWorst_.find(piece);
    return imageIndex(whereIs(doc_->scenario(), piece),
                      worst != shownWorst_.end() ? std::optional(worst->second) : std::nullopt);
}

void OobPanel::computeShownWorst() {
    shownWorst_ = worstProblemOfEachPiece(doc_->problems());
}

void OobPanel::showStatusOf(PieceRef piece) {
    const auto item = items_.find(piece);
    if (item == items_.end() || !doc_->scenario().hasPiece(piece)) {
        return;
    }
    const int image = statusImage(piece);
    if (tree_->GetItemImage(item->second) != image) {
        tree_->SetItemImage(item->second, image);
    }
}

void OobPanel::refreshStatus() {
    if (!doc_) {
        return;
    }
    // No piece moved (rebuild() handles that): only the icons whose worst problem changed, so
    // painting the ground of a battle of thousands of pieces costs what its findings cost.
    auto worst = worstProblemOfEachPiece(doc_->problems());
    if (worst == shownWorst_) {
        return;
    }
    std::vector<PieceRef> changed;
    for (const auto& [piece, severity] : worst) {
        if (auto shown = shownWorst_.find(piece); shown == shownWorst_.end() || shown->second != severity) {
            changed.push_back(piece);
        }
    }
    for (const auto& [piece, severity] : shownWorst_) {
        if (!worst.contains(piece)) {
            changed.push_back(piece);
        }
    }
    shownWorst_ = std::move(worst);
    for (const PieceRef piece : changed) {
        showStatusOf(piece);
    }
}

wxString OobPanel::problemsOf(wxTreeItemId item) const {
    const auto piece = pieceOf(item);
    if (!doc_ || !piece) {
        return {};
    }
    wxString text;
    for (const Violation& v : doc_->problems().violations) {
        if (!v.excluded && std::ranges::find(v.pieces, *piece) != v.pieces.end()) {
            text += (text.empty() ? "" : "\n") + wxString::FromUTF8(std::string(enumName(v.severity))) +
                    ": " + wxString::FromUTF8(v.message);
        }
    }
    return text;
}
void OobPanel::makeStatusImages() {
    for (Where where : {Where::None, Where::Deployed, Where::Arriving, Where::NotPlaced}) {
        for (int severity = 0; severity < 4; ++severity) {
            images_->Add(statusIcon(where, severity));
        }
    }
}

} // namespace sandtable
