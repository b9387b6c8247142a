// The Quantize tab's options (see quantize_form.h).
#include "widgets/quantize_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "common/cpu_isa.h"
#include "widgets/input_spec_edit.h"

namespace onnxlens {
namespace widgets {

QuantizeForm::QuantizeForm(QWidget* parent) : QWidget(parent) {
  auto* form = new QFormLayout(this);
  form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  m_mode = new QComboBox(this);
  m_mode->addItem(tr("Static (QDQ)"), QStringLiteral("static"));
  m_mode->addItem(tr("Dynamic"), QStringLiteral("dynamic"));
  m_mode->setToolTip(
      tr("Static: weights and activations in int8, activation ranges calibrated on data. "
         "Dynamic: weights in int8, activations quantized at run time; no calibration."));
  form->addRow(tr("Mode:"), m_mode);
  m_format = new QComboBox(this);
  m_format->addItem(tr("Standard ONNX"), QStringLiteral("standard"));
  m_format->addItem(tr("ONNX Runtime (com.microsoft ops)"), QStringLiteral("ort"));
  m_format->setToolTip(
      tr("Dynamic quantization's operators. Standard ONNX: DynamicQuantizeLinear, MatMulInteger "
         "and ConvInteger (any ONNX runtime; LSTMs stay float). ONNX Runtime: its "
         "DynamicQuantizeMatMul and DynamicQuantizeLSTM as well."));
  form->addRow(tr("Format:"), m_format);

  m_source = new QComboBox(this);
  m_source->addItem(tr("Folder of input sets"));
  m_source->addItem(tr("Random data"));
  m_source->addItem(tr("Folder of images"));
  form->addRow(tr("Calibration:"), m_source);
  m_folderRow = new QWidget(this);
  auto* row = new QHBoxLayout(m_folderRow);
  row->setContentsMargins(0, 0, 0, 0);
  m_folder = new QLineEdit(m_folderRow);
  m_folder->setPlaceholderText(tr("a folder holding test_data_set_0, test_data_set_1, …"));
  auto* browse = new QPushButton(tr("Browse…"), m_folderRow);
  row->addWidget(m_folder, 1);
  row->addWidget(browse);
  form->addRow(tr("Folder:"), m_folderRow);
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Calibration Data"), m_folder->text());
    if (!dir.isEmpty()) m_folder->setText(QDir::toNativeSeparators(dir));
  });
  // Images: each resized to the model's input, scaled to [0, 1], then (x - mean) / std.
  m_imageRow = new QWidget(this);
  auto* imageRow = new QHBoxLayout(m_imageRow);
  imageRow->setContentsMargins(0, 0, 0, 0);
  m_mean = new QLineEdit(m_imageRow);
  m_mean->setPlaceholderText(tr("mean, e.g. 0.485, 0.456, 0.406"));
  m_std = new QLineEdit(m_imageRow);
  m_std->setPlaceholderText(tr("std, e.g. 0.229, 0.224, 0.225"));
  m_size = new QLineEdit(m_imageRow);
  m_size->setPlaceholderText(tr("size HxW (default: the model's)"));
  m_imageRow->setToolTip(
      tr("PNG and JPEG images, resized to the model's input, scaled to [0, 1] and normalized "
         "per channel as (x - mean) / std"));
  imageRow->addWidget(m_mean, 2);
  imageRow->addWidget(m_std, 2);
  imageRow->addWidget(m_size, 1);
  form->addRow(tr("Images:"), m_imageRow);
  m_random = new QSpinBox(this);
  m_random->setRange(1, 10000);
  m_random->setValue(8);
  form->addRow(tr("Random samples:"), m_random);
  m_inputSpec = new InputSpecEdit(this, form);
  m_warning = new QLabel(
      tr("<b>Warning:</b> ranges calibrated on random data are not representative; the "
         "quantized model may lose accuracy badly. Use real inputs for a model you ship."),
      this);
  m_warning->setWordWrap(true);
  m_warning->setStyleSheet(QStringLiteral("color:#b71c1c"));
  form->addRow(m_warning);

  m_method = new QComboBox(this);
  m_method->addItem(tr("MinMax"), QStringLiteral("minmax"));
  m_method->addItem(tr("Entropy (KL divergence)"), QStringLiteral("entropy"));
  m_method->addItem(tr("Percentile"), QStringLiteral("percentile"));
  form->addRow(tr("Method:"), m_method);
  m_percentile = new QDoubleSpinBox(this);
  m_percentile->setDecimals(3);
  m_percentile->setRange(90, 100);
  m_percentile->setValue(99.999);
  m_percentile->setSuffix(QStringLiteral(" %"));
  form->addRow(tr("Percentile:"), m_percentile);
  m_perChannel = new QCheckBox(tr("Per-channel weights"), this);
  form->addRow(m_perChannel);
  // Without VNNI, u8 x s8 products sum exactly in 16-bit pairs only for 7-bit weights: the fast
  // int8 path of such CPUs (ONNX Runtime's reduce_range).
  const bool vnni = IsaHasVnni(EffectiveIsa());
  m_reduceRange = new QCheckBox(vnni ? tr("7-bit weights (reduce range)")
                                     : tr("7-bit weights: about 2x faster here (no VNNI)"),
                                this);
  m_reduceRange->setToolTip(
      tr("Quantize weights to [-64, 64]. CPUs without VNNI sum full-range int8 products exactly "
         "only at about float speed; 7-bit weights run about twice as fast there, at some "
         "accuracy."));
  form->addRow(m_reduceRange);
  m_symmetric = new QCheckBox(tr("Symmetric activations"), this);
  form->addRow(m_symmetric);
  m_activation = new QComboBox(this);
  m_activation->addItem(tr("uint8"), QStringLiteral("u8"));
  m_activation->addItem(tr("int8"), QStringLiteral("s8"));
  form->addRow(tr("Activation type:"), m_activation);

  m_opTypes = new QListWidget(this);
  m_opTypes->setToolTip(tr("Op types to quantize; none checked: every type the mode handles"));
  m_opTypes->setMaximumHeight(130);
  form->addRow(tr("Op types:"), m_opTypes);
  m_excluded = new QListWidget(this);
  m_excluded->setMaximumHeight(110);
  m_excluded->setSelectionMode(QAbstractItemView::ExtendedSelection);
  m_excluded->setToolTip(
      tr("Nodes left in float. Add one with a right-click on it in the Graph tab → Exclude from "
         "Quantization"));
  auto* excludedBox = new QWidget(this);
  auto* excludedLayout = new QVBoxLayout(excludedBox);
  excludedLayout->setContentsMargins(0, 0, 0, 0);
  excludedLayout->addWidget(m_excluded);
  auto* remove = new QPushButton(tr("Remove Selected"), excludedBox);
  excludedLayout->addWidget(remove, 0, Qt::AlignLeft);
  connect(remove, &QPushButton::clicked, this, [this] {
    qDeleteAll(m_excluded->selectedItems());
    emit changed();
  });
  form->addRow(tr("Excluded nodes:"), excludedBox);

  fillOpTypes();
  connect(m_mode, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
    fillOpTypes();
    updateEnabled();
  });
  connect(m_format, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] {
    fillOpTypes();
    emit changed();
  });
  connect(m_source, qOverload<int>(&QComboBox::currentIndexChanged), this,
          &QuantizeForm::updateEnabled);
  connect(m_method, qOverload<int>(&QComboBox::currentIndexChanged), this,
          &QuantizeForm::updateEnabled);
  updateEnabled();
}

void QuantizeForm::fillOpTypes() {
  QStringList checked;
  for (int i = 0; i < m_opTypes->count(); ++i)
    if (m_opTypes->item(i)->checkState() == Qt::Checked) checked << m_opTypes->item(i)->text();
  m_opTypes->clear();
  for (const std::string& op :
       api::QuantizableOpTypes(m_mode->currentData().toString().toStdString(),
                               m_format->currentData().toString().toStdString())) {
    auto* item = new QListWidgetItem(QString::fromStdString(op), m_opTypes);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
    item->setCheckState(checked.contains(item->text()) ? Qt::Checked : Qt::Unchecked);
  }
}

void QuantizeForm::updateEnabled() {
  const bool isStatic = m_mode->currentData().toString() == QLatin1String("static");
  const bool random = m_source->currentIndex() == RandomSource;
  m_source->setEnabled(isStatic);
  m_format->setEnabled(!isStatic);
  m_folderRow->setEnabled(isStatic && !random);
  m_imageRow->setEnabled(isStatic && m_source->currentIndex() == ImagesSource);
  m_folder->setPlaceholderText(m_source->currentIndex() == ImagesSource
                                   ? tr("a folder of .png / .jpg images")
                                   : tr("a folder holding test_data_set_0, test_data_set_1, …"));
  m_random->setEnabled(isStatic && random);
  m_inputSpec->setEnabled(isStatic && random);
  m_warning->setVisible(isStatic && random);
  m_method->setEnabled(isStatic);
  m_percentile->setEnabled(isStatic &&
                           m_method->currentData().toString() == QLatin1String("percentile"));
  m_symmetric->setEnabled(isStatic);
  m_activation->setEnabled(isStatic);
  emit changed();
}

bool QuantizeForm::request(api::QuantizeRequest* out, QString* error) const {
  api::QuantizeRequest r;
  r.mode = m_mode->currentData().toString().toStdString();
  if (r.mode == "static") {
    if (m_source->currentIndex() == RandomSource) {
      r.random_samples = m_random->value();
      QString why;
      if (!m_inputSpec->read(&r.dims, &r.ranges, &why)) {
        *error = why;
        return false;
      }
    } else {
      const QString dir = m_folder->text().trimmed();
      if (dir.isEmpty() || !QDir(dir).exists()) {
        *error = dir.isEmpty() ? tr("Choose a calibration folder, or random data.")
                               : tr("The calibration folder %1 does not exist.").arg(dir);
        return false;
      }
      const std::filesystem::path path = QDir::fromNativeSeparators(dir).toStdString();
      // Core's messages name the sources in this form's words, not the CLI's options.
      r.calib_name = tr("The calibration folder").toStdString();
      r.images.name = tr("The folder of images").toStdString();
      r.images.sets_name = tr("source: %1").arg(m_source->itemText(FolderSource)).toStdString();
      if (m_source->currentIndex() == ImagesSource) {
        r.images.dir = path;
        const QString mean = m_mean->text().trimmed(), std = m_std->text().trimmed(),
                      size = m_size->text().trimmed();
        if (!mean.isEmpty() &&
            !api::ParseFloatList(mean.toStdString(), "--mean", &r.images.mean).ok()) {
          *error = tr("The mean is a list of numbers, e.g. 0.485, 0.456, 0.406.");
          return false;
        }
        if (!std.isEmpty() &&
            !api::ParseFloatList(std.toStdString(), "--std", &r.images.std).ok()) {
          *error = tr("The standard deviation is a list of numbers, e.g. 0.229, 0.224, 0.225.");
          return false;
        }
        if (!size.isEmpty() &&
            !api::ParseImageSize(size.toStdString(), &r.images.height, &r.images.width).ok()) {
          *error = tr("The size is HxW, e.g. 224x224.");
          return false;
        }
      } else {
        r.calib_dir = path;
      }
    }
    r.method = m_method->currentData().toString().toStdString();
    r.percentile = m_percentile->value();
    r.symmetric = m_symmetric->isChecked();
    r.activation_type = m_activation->currentData().toString().toStdString();
  }
  if (r.mode == "dynamic") r.format = m_format->currentData().toString().toStdString();
  r.per_channel = m_perChannel->isChecked();
  r.reduce_range = m_reduceRange->isChecked();
  for (int i = 0; i < m_opTypes->count(); ++i)
    if (m_opTypes->item(i)->checkState() == Qt::Checked)
      r.op_types.push_back(m_opTypes->item(i)->text().toStdString());
  for (const QString& node : excludedNodes()) r.exclude_nodes.push_back(node.toStdString());
  *out = std::move(r);
  return true;
}

void QuantizeForm::setRequest(const api::QuantizeRequest& r) {
  auto pick = [](QComboBox* box, const std::string& value) {
    const int i = box->findData(QString::fromStdString(value));
    if (i >= 0) box->setCurrentIndex(i);
  };
  pick(m_mode, r.mode);
  pick(m_format, r.format);
  m_source->setCurrentIndex(!r.images.empty()     ? ImagesSource
                            : r.calib_dir.empty() ? RandomSource
                                                  : FolderSource);
  if (!r.calib_dir.empty())
    m_folder->setText(QDir::toNativeSeparators(QString::fromStdString(r.calib_dir.string())));
  if (!r.images.empty()) {
    m_folder->setText(QDir::toNativeSeparators(QString::fromStdString(r.images.dir.string())));
    auto list = [](const std::vector<float>& v) {
      QStringList parts;
      for (float f : v) parts << QString::number(f);
      return parts.join(QStringLiteral(", "));
    };
    m_mean->setText(list(r.images.mean));
    m_std->setText(list(r.images.std));
    m_size->setText(r.images.height > 0
                        ? QStringLiteral("%1x%2").arg(r.images.height).arg(r.images.width)
                        : QString());
  }
  if (r.random_samples > 0) m_random->setValue(static_cast<int>(r.random_samples));
  m_inputSpec->set(r.dims, r.ranges);
  pick(m_method, r.method);
  m_percentile->setValue(r.percentile);
  m_perChannel->setChecked(r.per_channel);
  m_reduceRange->setChecked(r.reduce_range);
  m_symmetric->setChecked(r.symmetric);
  pick(m_activation, r.activation_type);
  for (int i = 0; i < m_opTypes->count(); ++i) {
    const std::string op = m_opTypes->item(i)->text().toStdString();
    const bool on = std::find(r.op_types.begin(), r.op_types.end(), op) != r.op_types.end();
    m_opTypes->item(i)->setCheckState(on ? Qt::Checked : Qt::Unchecked);
  }
  m_excluded->clear();
  QStringList nodes;
  for (const std::string& n : r.exclude_nodes) nodes << QString::fromStdString(n);
  excludeNodes(nodes);
}

void QuantizeForm::excludeNodes(const QStringList& nodes) {
  const QStringList have = excludedNodes();
  for (const QString& n : nodes)
    if (!n.isEmpty() && !have.contains(n) && m_excluded->findItems(n, Qt::MatchExactly).isEmpty())
      m_excluded->addItem(n);
  emit changed();
}

QStringList QuantizeForm::excludedNodes() const {
  QStringList out;
  for (int i = 0; i < m_excluded->count(); ++i) out << m_excluded->item(i)->text();
  return out;
}

void QuantizeForm::clearExcluded() {
  m_excluded->clear();
  emit changed();
}

}  // namespace widgets
}  // namespace onnxlens
