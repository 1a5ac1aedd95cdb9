#include "historystepspanel.h"

#include "boldlabel.h"
#include "historystepsfilter.h"
#include "historystepsmodel.h"
#include "qs.h"
#include "unitformat.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

HistoryStepsPanel::HistoryStepsPanel(HistoryStepsModel *steps, QWidget *parent)
    : QWidget(parent)
    , m_steps(steps)
    , m_filter(new HistoryStepsFilter(this))
    , m_show(new QComboBox(this))
    , m_count(new QLabel(this))
    , m_table(new QTableView(this))
{
    m_filter->setSourceModel(steps);
    m_show->setObjectName(QStringLiteral("stepsShow"));
    m_show->addItem(QStringLiteral("All steps"), int(HistoryStepsFilter::AllSteps));
    m_show->addItem(QStringLiteral("Change points"), int(HistoryStepsFilter::ChangePoints));
    m_show->addItem(QStringLiteral("▼ Worse"), int(HistoryStepsFilter::Worse));
    m_show->addItem(QStringLiteral("▲ Better"), int(HistoryStepsFilter::Better));
    m_show->setToolTip(QStringLiteral("Which steps the table lists; the Metric, Participant, Case and Tag above choose the series"));
    connect(m_show, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setShow(HistoryStepsFilter::Show(m_show->currentData().toInt())); });
    m_count->setObjectName(QStringLiteral("stepsCount"));
    m_count->setTextFormat(Qt::PlainText);

    m_table->setObjectName(QStringLiteral("stepsTable"));
    m_table->setModel(m_filter);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    // Unsorted at first: the change points first, as the model lists them.
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_table->setSortingEnabled(true);
    m_table->setToolTip(QStringLiteral("Click a step to compare its two revisions on the Diff page; click a heading to sort"));
    connect(m_table, &QTableView::clicked, this, &HistoryStepsPanel::activate);
    connect(m_table, &QTableView::activated, this, &HistoryStepsPanel::activate);
    connect(m_filter, &QAbstractItemModel::modelReset, this, &HistoryStepsPanel::showCount);
    connect(m_filter, &QAbstractItemModel::layoutChanged, this, &HistoryStepsPanel::showCount);
    connect(m_filter, &QAbstractItemModel::rowsInserted, this, &HistoryStepsPanel::showCount);
    connect(m_filter, &QAbstractItemModel::rowsRemoved, this, &HistoryStepsPanel::showCount);

    auto *bar = new QHBoxLayout;
    bar->addWidget(BoldLabel::forBuddy(QStringLiteral("&Show"), m_show, this));
    bar->addWidget(m_show);
    bar->addWidget(m_count, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_table, 1);
    showCount();
}

QString HistoryStepsPanel::countText() const
{
    return m_count->text();
}

void HistoryStepsPanel::showCount()
{
    int better = 0, worse = 0;
    for (int row = 0; row < m_steps->rowCount(); ++row) {
        const bs::StepOutcome o = m_steps->step(row)->outcome;
        better += o == bs::StepOutcome::Better ? 1 : 0;
        worse += o == bs::StepOutcome::Worse ? 1 : 0;
    }
    auto count = [](int n) { return qs(bs::UnitFormat::plain(double(n), 0)); };
    const int changePoints = better + worse;
    QString text = QStringLiteral("%1 change point%2 of %3 steps").arg(count(changePoints), changePoints == 1 ? QString() : QStringLiteral("s"),
                                                                     count(m_steps->rowCount()));
    if (changePoints > 0)
        text += QStringLiteral(" (%1 worse, %2 better)").arg(count(worse), count(better));
    m_count->setText(text + QStringLiteral("; %1 shown").arg(count(m_filter->rowCount())));
}

void HistoryStepsPanel::fitColumns()
{
    m_table->resizeColumnsToContents();
    for (int c = 0; c < HistoryStepsModel::Reason; ++c) // long revision labels end in "…"; the Why gets the rest
        m_table->setColumnWidth(c, std::min(m_table->columnWidth(c), 360));
}

void HistoryStepsPanel::activate(const QModelIndex &index)
{
    if (!index.isValid())
        return;
    emit stepActivated(index.data(HistoryStepsModel::FromRole).toInt(), index.data(HistoryStepsModel::ToRole).toInt());
}
