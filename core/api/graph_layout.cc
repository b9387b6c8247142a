// The graph layout facade: forwards to core/layout.
#include "api/graph_layout.h"

#include "layout/grouped_layout.h"

namespace onnxlens::api {

std::vector<bool> AutoExpandGroups(const layout::Hierarchy& hierarchy, int budget) {
  return layout::AutoExpand(hierarchy, budget);
}

Expected<layout::GroupedLayout> LayOutGraph(const layout::LayoutInput& input,
                                            const JobControl& job) {
  return layout::LayOut(input, job);
}

}  // namespace onnxlens::api
