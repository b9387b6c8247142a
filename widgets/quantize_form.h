// The Quantize tab's options, as ONNX Runtime's quantize_static / quantize_dynamic take them: mode,
// calibration source (a folder of test_data_set_N, a folder of images with mean / std / size, or
// random data with a visible warning), method
// (+ percentile), per-channel, symmetric, activation type, op types to quantize and nodes to leave
// float. request() is what reaches api::QuantizeModelFile.
#pragma once

#include <QStringList>
#include <QWidget>

#include "api/quantize.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QSpinBox;

namespace onnxlens {
namespace widgets {

class InputSpecEdit;

class QuantizeForm : public QWidget {
  Q_OBJECT

 public:
  explicit QuantizeForm(QWidget* parent = nullptr);

  /// The options as a request (without the output path); false with `error` set when a field
  /// does not parse or the calibration folder is missing.
  bool request(api::QuantizeRequest* out, QString* error) const;
  /// Shows `r`'s options in the fields.
  void setRequest(const api::QuantizeRequest& r);

  /// Adds nodes to the excluded list (once each); the list is what request() excludes.
  void excludeNodes(const QStringList& nodes);
  QStringList excludedNodes() const;
  void clearExcluded();

  QComboBox* modeBox() const { return m_mode; }
  QComboBox* formatBox() const { return m_format; }
  QComboBox* sourceBox() const { return m_source; }
  QLineEdit* folderEdit() const { return m_folder; }
  QSpinBox* randomSamples() const { return m_random; }
  QComboBox* methodBox() const { return m_method; }
  QDoubleSpinBox* percentileBox() const { return m_percentile; }
  QCheckBox* perChannelBox() const { return m_perChannel; }
  QCheckBox* reduceRangeBox() const { return m_reduceRange; }
  QCheckBox* symmetricBox() const { return m_symmetric; }
  QComboBox* activationBox() const { return m_activation; }
  QListWidget* opTypeList() const { return m_opTypes; }
  QLabel* randomWarning() const { return m_warning; }
  QLineEdit* meanEdit() const { return m_mean; }
  QLineEdit* stdEdit() const { return m_std; }
  QLineEdit* sizeEdit() const { return m_size; }
  /// Calibration sources by index of sourceBox().
  enum Source { FolderSource, RandomSource, ImagesSource };

 signals:
  void changed();

 private:
  void updateEnabled();
  void fillOpTypes();

  QComboBox* m_mode;
  QComboBox* m_format;
  QComboBox* m_source;
  QLineEdit* m_folder;
  QWidget* m_folderRow;
  QSpinBox* m_random;
  QWidget* m_imageRow;
  QLineEdit* m_mean;
  QLineEdit* m_std;
  QLineEdit* m_size;
  InputSpecEdit* m_inputSpec;
  QLabel* m_warning;
  QComboBox* m_method;
  QDoubleSpinBox* m_percentile;
  QCheckBox* m_perChannel;
  QCheckBox* m_reduceRange;
  QCheckBox* m_symmetric;
  QComboBox* m_activation;
  QListWidget* m_opTypes;
  QListWidget* m_excluded;
};

}  // namespace widgets
}  // namespace onnxlens
