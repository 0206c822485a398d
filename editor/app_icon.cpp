#include "editor/app_icon.hpp"

#include <wx/icon.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sandtable {

const std::vector<std::pair<std::string_view, std::string_view>>& builtinIconTexts();

namespace {

// editor/icons/sandtable.svg, compiled in (builtinIconTexts); the packages install the same file.
std::string_view logo() {
    for (const auto& [name, text] : builtinIconTexts()) {
        if (name == "sandtable") {
            return text;
        }
    }
    return {};
}

} // namespace

wxBitmapBundle appLogo() {
    return wxBitmapBundle::FromSVG(std::string(logo()).c_str(), wxSize(64, 64));
}

wxIconBundle appIcons() {
    const wxBitmapBundle bundle = appLogo();
    wxIconBundle icons;
    for (const int size : {16, 24, 32, 48, 64, 128, 256}) {
        wxIcon icon;
        icon.CopyFromBitmap(bundle.GetBitmap(wxSize(size, size)));
        icons.AddIcon(icon);
    }
    return icons;
}

} // namespace sandtable
