import CLibical

/// The version of libical icslanes was built with.
package enum LibicalVersion {
  /// Major, minor and patch, as `3.0.16`.
  package static var text: String {
    "\(ICAL_MAJOR_VERSION).\(ICAL_MINOR_VERSION).\(ICAL_PATCH_VERSION)"
  }
}
