<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>onnxlens::widgets</name>
    <message>
        <source>could not render the window</source>
        <translation>无法绘制窗口</translation>
    </message>
    <message>
        <source>could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::BreadcrumbBar</name>
    <message>
        <source>main graph</source>
        <translation>主图</translation>
    </message>
    <message>
        <source>Backspace: up one level</source>
        <translation>退格键：返回上一级</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::FindBar</name>
    <message>
        <source>Find: op, name, tensor, dtype or shape; &quot;exact&quot;; /regex/ — terms are AND-ed</source>
        <translation>查找：算子、名称、张量、数据类型或形状；&quot;精确&quot;；/正则/ — 各词为“与”关系</translation>
    </message>
    <message>
        <source>Previous (Shift+Enter)</source>
        <translation>上一个 (Shift+Enter)</translation>
    </message>
    <message>
        <source>Next (Enter)</source>
        <translation>下一个 (Enter)</translation>
    </message>
    <message>
        <source>Close (Escape)</source>
        <translation>关闭 (Esc)</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>无匹配</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 个匹配</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>第 %1 个，共 %2 个</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::GraphView</name>
    <message>
        <source>%1 — %2 nodes; click to %3</source>
        <translation>%1 — %2 个节点；单击以%3</translation>
    </message>
    <message>
        <source>close</source>
        <translation>折叠</translation>
    </message>
    <message>
        <source>open</source>
        <translation>展开</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>there is no graph to export</source>
        <translation>没有可导出的计算图</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>the image would be too large</source>
        <translation>图像过大</translation>
    </message>
    <message>
        <source>cannot encode the PNG image</source>
        <translation>无法编码 PNG 图像</translation>
    </message>
    <message>
        <source>unknown op</source>
        <translation>未知算子</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::MainWindow</name>
    <message>
        <source>Drop an .onnx file here, or open one with File → Open.</source>
        <translation>将 .onnx 文件拖放到此处，或通过“文件 → 打开”打开。</translation>
    </message>
    <message>
        <source>Open Model…</source>
        <translation>打开模型…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Loading %1 cancelled</source>
        <translation>已取消加载 %1</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>重新加载(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About onnxlens</source>
        <translation>关于 onnxlens(&amp;A)</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>没有最近打开的文件</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <source>Open Model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <source>ONNX models (*.onnx);;All files (*)</source>
        <translation>ONNX 模型 (*.onnx);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>%1 — onnxlens</source>
        <translation>%1 — onnxlens</translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>Cannot open model</source>
        <translation>无法打开模型</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <source>About onnxlens</source>
        <translation>关于 onnxlens</translation>
    </message>
    <message>
        <source>&lt;h3&gt;onnxlens %1&lt;/h3&gt;&lt;p&gt;A workbench for ONNX models: inspect, optimize, profile, quantize and export, on its own runtime.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;onnxlens %1&lt;/h3&gt;&lt;p&gt;ONNX 模型工作台：查看、优化、性能分析、量化和导出，使用自带的推理运行时。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>计算图</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>Laying out the graph…</source>
        <translation>正在布局计算图…</translation>
    </message>
    <message>
        <source>Cannot lay out the graph</source>
        <translation>无法布局计算图</translation>
    </message>
    <message>
        <source>Zoom %1%</source>
        <translation>缩放 %1%</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Show &amp;Attributes</source>
        <translation>显示属性(&amp;A)</translation>
    </message>
    <message>
        <source>Show &amp;Weights</source>
        <translation>显示权重(&amp;W)</translation>
    </message>
    <message>
        <source>Show &amp;Names</source>
        <translation>显示名称(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Horizontal Layout</source>
        <translation>水平布局(&amp;H)</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Fit to Window</source>
        <translation>适应窗口(&amp;F)</translation>
    </message>
    <message>
        <source>Actual &amp;Size</source>
        <translation>实际大小(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Expand All Groups</source>
        <translation>展开所有分组(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Collapse All Groups</source>
        <translation>折叠所有分组(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>查找(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Export Graph…</source>
        <translation>导出计算图(&amp;E)…</translation>
    </message>
    <message>
        <source>Export Graph</source>
        <translation>导出计算图</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Cannot export the graph</source>
        <translation>无法导出计算图</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Fold &amp;Constants into Their Consumers</source>
        <translation>将常量折叠到使用者中(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Minimap</source>
        <translation>小地图(&amp;M)</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 in the model</source>
        <translation>模型中共 %1 个</translation>
    </message>
    <message>
        <source>Wheel, pinch</source>
        <translation>滚轮、双指缩放</translation>
    </message>
    <message>
        <source>Zoom at the pointer</source>
        <translation>以指针为中心缩放</translation>
    </message>
    <message>
        <source>Drag</source>
        <translation>拖动</translation>
    </message>
    <message>
        <source>Pan</source>
        <translation>平移</translation>
    </message>
    <message>
        <source>Click</source>
        <translation>单击</translation>
    </message>
    <message>
        <source>Select a node; open or close a group</source>
        <translation>选择节点；展开或折叠分组</translation>
    </message>
    <message>
        <source>Double-click</source>
        <translation>双击</translation>
    </message>
    <message>
        <source>Open the body of an If, Loop or Scan node</source>
        <translation>打开 If、Loop 或 Scan 节点的子图</translation>
    </message>
    <message>
        <source>Up / Down</source>
        <translation>上 / 下</translation>
    </message>
    <message>
        <source>Go to the selected node&apos;s producer / consumer</source>
        <translation>转到所选节点的生产者 / 使用者</translation>
    </message>
    <message>
        <source>Escape</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>Clear the selection; close the find bar</source>
        <translation>清除选择；关闭查找栏</translation>
    </message>
    <message>
        <source>Backspace</source>
        <translation>退格键</translation>
    </message>
    <message>
        <source>From a subgraph body up to its parent graph</source>
        <translation>从子图返回父图</translation>
    </message>
    <message>
        <source>Enter / Shift+Enter</source>
        <translation>Enter / Shift+Enter</translation>
    </message>
    <message>
        <source>Next / previous find result</source>
        <translation>下一个 / 上一个查找结果</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::Minimap</name>
    <message>
        <source>Overview: click or drag to move the view</source>
        <translation>概览：单击或拖动以移动视图</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ModelSummaryPanel</name>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Operators</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Filter operators</source>
        <translation>筛选算子</translation>
    </message>
    <message>
        <source>%1 — %2, loaded in %3 s</source>
        <translation>%1 — %2，加载耗时 %3 秒</translation>
    </message>
    <message>
        <source>Producer</source>
        <translation>生成工具</translation>
    </message>
    <message>
        <source>IR version</source>
        <translation>IR 版本</translation>
    </message>
    <message>
        <source>Opsets</source>
        <translation>算子集</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>计算图</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Initializers</source>
        <translation>初始化器</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Functions</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>ONNX checker</source>
        <translation>ONNX 检查</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>failed (see warnings)</source>
        <translation>未通过（见警告）</translation>
    </message>
    <message>
        <source>Shape inference</source>
        <translation>形状推断</translation>
    </message>
    <message>
        <source>incomplete (see warnings)</source>
        <translation>不完整（见警告）</translation>
    </message>
    <message>
        <source>%1 in the main graph, %2 in all (subgraphs: %3)</source>
        <translation>主图 %1 个，共 %2 个（子图：%3 个）</translation>
    </message>
    <message>
        <source>Documentation</source>
        <translation>文档</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::NodeSidebar</name>
    <message>
        <source>initializer</source>
        <translation>初始化器</translation>
    </message>
    <message>
        <source>Graph input</source>
        <translation>图输入</translation>
    </message>
    <message>
        <source>Graph output</source>
        <translation>图输出</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Produced by</source>
        <translation>产生自</translation>
    </message>
    <message>
        <source>Consumers</source>
        <translation>使用者</translation>
    </message>
    <message>
        <source>opset %1</source>
        <translation>算子集 %1</translation>
    </message>
    <message>
        <source>since version %1</source>
        <translation>自版本 %1</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Not in ONNX&apos;s operator registry (custom or contrib op).</source>
        <translation>不在 ONNX 算子注册表中（自定义或 contrib 算子）。</translation>
    </message>
    <message>
        <source>Attributes</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Outputs</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Replaces nodes</source>
        <translation>替换的节点</translation>
    </message>
    <message>
        <source>Documentation</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>required</source>
        <translation>必需</translation>
    </message>
    <message>
        <source>Type constraints</source>
        <translation>类型约束</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Producer</source>
        <translation>生成工具</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>域</translation>
    </message>
    <message>
        <source>Imports</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Graph</source>
        <translation>图</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Subgraph</source>
        <translation>子图</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Initializers</source>
        <translation>初始化器</translation>
    </message>
    <message>
        <source>Open a model to see its properties.</source>
        <translation>打开模型以查看其属性。</translation>
    </message>
    <message>
        <source>Select all %1 nodes (%2)</source>
        <translation>选择所有 %1 节点（%2 个）</translation>
    </message>
    <message>
        <source>Unknown op</source>
        <translation>未知算子</translation>
    </message>
    <message>
        <source>neither ONNX&apos;s operator registry nor the onnxlens runtime knows %1 in domain %2; the model can be inspected but not run.</source>
        <translation>ONNX 的算子注册表和 onnxlens 运行时都不认识域 %2 中的 %1；该模型可以查看，但无法运行。</translation>
    </message>
    <message>
        <source>Subgraphs</source>
        <translation>子图</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>graph input</source>
        <translation>图输入</translation>
    </message>
    <message>
        <source>graph output</source>
        <translation>图输出</translation>
    </message>
    <message>
        <source>Values and statistics</source>
        <translation>值与统计</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::OpHistogramModel</name>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <source>A new language takes effect the next time onnxlens starts.</source>
        <translation>新语言将在下次启动 onnxlens 时生效。</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation>主题：</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::TensorPanel</name>
    <message>
        <source>← Back</source>
        <translation>← 返回</translation>
    </message>
    <message>
        <source>Back to the node</source>
        <translation>返回节点</translation>
    </message>
    <message>
        <source>Save as .npy…</source>
        <translation>另存为 .npy…</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>元素</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>Std</source>
        <translation>标准差</translation>
    </message>
    <message>
        <source>Sparsity</source>
        <translation>稀疏度</translation>
    </message>
    <message>
        <source>%1% zeros</source>
        <translation>%1% 为零</translation>
    </message>
    <message>
        <source>NaN</source>
        <translation>NaN</translation>
    </message>
    <message>
        <source>Inf</source>
        <translation>Inf</translation>
    </message>
    <message numerus="yes">
        <source>First %n value(s)</source>
        <translation>
            <numerusform>前 %n 个值</numerusform>
        </translation>
    </message>
    <message>
        <source>Values</source>
        <translation>值</translation>
    </message>
    <message numerus="yes">
        <source>Histogram (%n bin(s))</source>
        <translation>
            <numerusform>直方图（%n 个区间）</numerusform>
        </translation>
    </message>
    <message>
        <source>there is no tensor to save</source>
        <translation>没有可保存的张量</translation>
    </message>
    <message>
        <source>cannot save %1 as %2: %3</source>
        <translation>无法将 %1 保存为 %2：%3</translation>
    </message>
    <message>
        <source>Save Tensor</source>
        <translation>保存张量</translation>
    </message>
    <message>
        <source>NumPy array (*.npy)</source>
        <translation>NumPy 数组 (*.npy)</translation>
    </message>
    <message>
        <source>Cannot save the tensor</source>
        <translation>无法保存张量</translation>
    </message>
</context>
<context>
    <name>onnxlens::widgets::ValueTableModel</name>
    <message>
        <source>scalar</source>
        <translation>标量</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
</context>
</TS>
