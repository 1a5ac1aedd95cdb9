#pragma once

#include <QDialog>

// Help > About: the version (project(VERSION)), the libraries it is built
// with and the licence. The page behind it stays as it was.
class AboutDialog : public QDialog {
    Q_OBJECT
public:
    explicit AboutDialog(QWidget *parent = nullptr);

    // The dialog's text, rich text (what the label shows).
    static QString text();
};
