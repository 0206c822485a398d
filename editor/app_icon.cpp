#include "editor/app_icon.hpp"

#include <wx/icon.h>

namespace sandtable {
namespace {

constexpr const char* logo =
    R"(<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">)"
    R"(<path d="M17 6h30l15 26-15 26H17L2 32z" fill="#cfd9a0" stroke="#3d4a1e" stroke-width="3" stroke-linejoin="round"/>)"
    R"(<path d="M2 32h60" fill="none" stroke="#2e6fd1" stroke-width="3"/>)"
    R"(<path d="M26 50V14" fill="none" stroke="#222" stroke-width="3" stroke-linecap="round"/>)"
    R"(<path d="M27.5 15h19l-5 7 5 7h-19z" fill="#c0392b" stroke="#222" stroke-width="2" stroke-linejoin="round"/>)"
    R"(</svg>)";

} // namespace

wxBitmapBundle appLogo() {
    return wxBitmapBundle::FromSVG(logo, wxSize(64, 64));
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
