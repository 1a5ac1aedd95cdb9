#pragma once

#include <QString>

// Where a file dialog starts: the folder the last file of its kind was
// opened from or saved to, remembered per kind in QSettings
// ("folders/captures", "folders/chart", ...). Before any, dialogs that open
// start in the bundled sample data (SampleData) and dialogs that save in the
// home folder, never in whatever the working directory is.
class FileDialogFolder {
public:
    enum class Kind {
        Captures,      // File › Open
        ResultsFolder, // File › Open Folder
        Chart,         // Export › Chart as PNG/SVG/PDF
        Table,         // Export › Table as CSV/Markdown/HTML
        Report,        // Export › Report… (a folder)
        Publish,       // File › Publish Page… (a folder)
        Suite,         // New Capture: a suite file, opened or made from a template
    };

    static QString start(Kind kind);
    // The folder remembered for `kind`, empty before any (or once removed).
    static QString remembered(Kind kind);
    // start(kind) with a file name in it, for a save dialog's suggestion.
    static QString startFile(Kind kind, const QString &fileName);
    // A file: remembers its folder; a folder (a report's, one opened as
    // results): the folder it is in, where the next one is picked.
    static void remember(Kind kind, const QString &path);
    static QString settingsKey(Kind kind);
};
