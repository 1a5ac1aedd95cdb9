#pragma once

#include <QLabel>

// A label for text that comes from the data (a participant's command line,
// a case's description, notes under a table, a hint): it wraps to the width
// its layout gives it and never asks for more, so a long name cannot widen
// a page until the panels beside it collapse.
class WrappingLabel : public QLabel {
    Q_OBJECT
public:
    explicit WrappingLabel(QWidget *parent = nullptr);
    explicit WrappingLabel(const QString &text, QWidget *parent = nullptr);
};
