#include "casegroupwidget.h"

#include "boldlabel.h"
#include "casetablemodel.h"
#include "participantfilterproxy.h"
#include "resulttableview.h"
#include "shorttext.h"
#include "wrappinglabel.h"

#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

CaseGroupWidget::CaseGroupWidget(std::shared_ptr<const bs::Capture> capture, const std::string &group, QWidget *parent)
    : QWidget(parent)
{
    auto *content = new QWidget;
    auto *column = new QVBoxLayout(content);
    QStringList notes;
    int cases = 0;
    for (const bs::CaseInfo &k : capture->cases)
        cases += k.group == group;
    for (const bs::CaseInfo &k : capture->cases) {
        if (k.group != group)
            continue;
        auto *title = new WrappingLabel(ShortText::elided(k.label), content);
        BoldLabel::embolden(title);
        title->setTextFormat(Qt::PlainText);
        column->addWidget(title);
        if (!k.description.empty()) {
            auto *description = new WrappingLabel(ShortText::elided(k.description, 4 * ShortText::kShown), content);
            description->setTextFormat(Qt::PlainText);
            column->addWidget(description);
        }
        auto *model = new CaseTableModel(capture, k.id, this);
        auto *proxy = new ParticipantFilterProxy(this);
        proxy->setSourceModel(model);
        auto *table = new ResultTableView(content);
        table->setModel(proxy);
        // A single case fills the tab; several are stacked at full height.
        table->setFitRowsToContents(cases > 1);
        column->addWidget(table, cases > 1 ? 0 : 1);
        column->addSpacing(8);
        m_models.push_back(model);
        m_proxies.push_back(proxy);
        m_tables.push_back(table);
        for (const std::string &n : model->table().notes)
            if (const QString note = ShortText::elided(n); !notes.contains(note))
                notes << note;
    }
    if (!notes.isEmpty()) {
        auto *label = new WrappingLabel(notes.join(QLatin1Char('\n')), content);
        label->setTextFormat(Qt::PlainText);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        label->setStyleSheet(QStringLiteral("color: #5f5f5f;"));
        column->addWidget(label);
    }
    if (cases > 1)
        column->addStretch(1);

    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
}

// Measuring every cell's text is most of opening a capture with many cases
// (20 tabs of 200 rows: a quarter of the GUI's time), so a tab's columns
// are fitted when it is first shown.
void CaseGroupWidget::showEvent(QShowEvent *event)
{
    if (!m_fitted) {
        m_fitted = true;
        for (ResultTableView *table : m_tables)
            table->fitColumns();
    }
    QWidget::showEvent(event);
}
