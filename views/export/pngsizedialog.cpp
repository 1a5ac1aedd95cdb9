#include "pngsizedialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSpinBox>

PngSizeDialog::PngSizeDialog(const QSize &size, qreal pixelRatio, QWidget *parent)
    : QDialog(parent)
    , m_width(new QSpinBox(this))
    , m_height(new QSpinBox(this))
    , m_ratio(new QDoubleSpinBox(this))
{
    setWindowTitle(QStringLiteral("PNG Size"));
    for (QSpinBox *box : {m_width, m_height}) {
        box->setRange(100, 20000);
        box->setSuffix(QStringLiteral(" px"));
    }
    m_width->setValue(size.width());
    m_height->setValue(size.height());
    m_ratio->setRange(0.5, 4);
    m_ratio->setSingleStep(0.5);
    m_ratio->setValue(pixelRatio);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *form = new QFormLayout(this);
    form->addRow(QStringLiteral("Width:"), m_width);
    form->addRow(QStringLiteral("Height:"), m_height);
    form->addRow(QStringLiteral("Pixel ratio:"), m_ratio);
    form->addRow(buttons);
}

QSize PngSizeDialog::chosenSize() const
{
    return {m_width->value(), m_height->value()};
}

qreal PngSizeDialog::pixelRatio() const
{
    return m_ratio->value();
}
