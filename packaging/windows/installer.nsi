; Sandtable's Windows installer (packaging/windows/make-packages.sh runs makensis on it with VERSION,
; STAGE: the installed tree, LISTS: the generated lists of what the uninstaller removes, OUTFILE).
; For the user who runs it, without administrator rights: the program under
; %LOCALAPPDATA%\Programs\Sandtable, a Start menu entry, Sandtable in scenarios' "Open with" list,
; and an entry in Settings > Apps whose uninstaller removes what was installed and nothing else.
; A 64-bit installer for a 64-bit program: it will not start on 32-bit Windows, where Sandtable cannot run.
Target amd64-unicode
SetCompressor /SOLID lzma
RequestExecutionLevel user
!include "MUI2.nsh"

Name "Sandtable ${VERSION}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\Sandtable"
InstallDirRegKey HKCU "Software\Sandtable" "InstallFolder"
BrandingText "Sandtable ${VERSION}"

!define MUI_ICON "${STAGE}\share\sandtable\sandtable.ico"
!define MUI_UNICON "${STAGE}\share\sandtable\sandtable.ico"
!define MUI_FINISHPAGE_RUN "$INSTDIR\bin\sandtable.exe"
!define MUI_FINISHPAGE_RUN_TEXT "Open Sandtable"
!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Sandtable"
; A scenario is NAME.sandtable.xml. Windows associates programs with the last extension only, and
; .xml is every XML file's: Sandtable offers itself in their "Open with" list and takes none away.
!define PROG_ID "Sandtable.Scenario"

Section "Sandtable"
  SetShellVarContext current
  SetOutPath "$INSTDIR"
  File /r "${STAGE}\*.*"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateShortcut "$SMPROGRAMS\Sandtable.lnk" "$INSTDIR\bin\sandtable.exe" "" "$INSTDIR\bin\sandtable.exe" 0

  WriteRegStr HKCU "Software\Classes\${PROG_ID}" "" "Sandtable scenario"
  WriteRegStr HKCU "Software\Classes\${PROG_ID}\DefaultIcon" "" "$INSTDIR\bin\sandtable.exe,0"
  WriteRegStr HKCU "Software\Classes\${PROG_ID}\shell\open\command" "" '"$INSTDIR\bin\sandtable.exe" "%1"'
  WriteRegStr HKCU "Software\Classes\.xml\OpenWithProgids" "${PROG_ID}" ""
  WriteRegStr HKCU "Software\Classes\Applications\sandtable.exe\SupportedTypes" ".xml" ""
  WriteRegStr HKCU "Software\Classes\Applications\sandtable.exe\shell\open\command" "" '"$INSTDIR\bin\sandtable.exe" "%1"'

  WriteRegStr HKCU "Software\Sandtable" "InstallFolder" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "Sandtable"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "Sandtable"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\bin\sandtable.exe,0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
  SetShellVarContext current
  !include "${LISTS}\delete-files.nsh"
  !include "${LISTS}\delete-folders.nsh"
  Delete "$INSTDIR\uninstall.exe"
  ; Only when empty: a scenario the user saved in the program's folder stays.
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\Sandtable.lnk"
  DeleteRegValue HKCU "Software\Classes\.xml\OpenWithProgids" "${PROG_ID}"
  DeleteRegKey HKCU "Software\Classes\${PROG_ID}"
  DeleteRegKey HKCU "Software\Classes\Applications\sandtable.exe"
  DeleteRegValue HKCU "Software\Sandtable" "InstallFolder"
  DeleteRegKey /ifempty HKCU "Software\Sandtable"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd
