#pragma once

#include <QByteArray>
#include <QSettings>
#include <QStringList>
#include <QVariantMap>

// Every setting the GUI keeps, through named keys in one place: recent
// files and suites (most recent first, capped), window geometry and state
// (versioned, so a changed layout ignores an old saved state), the
// provenance panel's width, the suites' baselines. (File dialogs' folders:
// FileDialogFolder.)
class Settings {
public:
    static constexpr int kMaxRecentFiles = 10;
    // Raise when the main window's docks/toolbars change shape.
    static constexpr int kWindowStateVersion = 1;

    Settings();

    QStringList recentFiles() const;
    void addRecentFile(const QString &path);
    void removeRecentFile(const QString &path);
    void clearRecentFiles();

    // Suite files started from Capture > New Capture, most recent first, capped.
    QStringList recentSuites() const;
    void addRecentSuite(const QString &path);

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray &geometry);
    // Empty when the stored state was saved by another layout version.
    QByteArray windowState() const;
    void setWindowState(const QByteArray &state);

    // The width of a capture page's provenance panel, in pixels; 0 until set.
    int provenanceWidth() const;
    void setProvenanceWidth(int width);
    // Whether capture pages show the provenance panel (View › Provenance Panel); true until set.
    bool provenanceShown() const;
    void setProvenanceShown(bool shown);

    // Suite key → the identity of its baseline capture (BaselineSet's map).
    QVariantMap baselines() const;
    void setBaselines(const QVariantMap &baselines);

private:
    void addRecent(const QString &key, const QString &path);

    QSettings m_settings;
};
