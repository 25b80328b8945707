// `import IcsLanes` is enough to use the whole library: the layout values (LaneLayout) and the
// feed loading (FeedImport) come with it.
@_exported import FeedImport
@_exported import LaneLayout
