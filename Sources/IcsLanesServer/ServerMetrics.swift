import Foundation
import Metrics
import Prometheus

/// The server's metrics, through swift-metrics into a Prometheus registry of its own (no
/// process-wide bootstrap: several servers in one process, as in the tests, keep theirs apart).
final class ServerMetrics: Sendable {
  let registry = PrometheusCollectorRegistry()
  private let factory: PrometheusMetricsFactory

  init() {
    var factory = PrometheusMetricsFactory(registry: registry)
    let buckets: [Duration] = [
      .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2),
      .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
      .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5),
    ]
    factory.defaultDurationHistogramBuckets = buckets
    factory.durationHistogramBuckets["icslanes_feed_load_duration_seconds"] = [
      .milliseconds(10), .milliseconds(50), .milliseconds(100), .milliseconds(500), .seconds(1),
      .seconds(2), .seconds(5), .seconds(10), .seconds(30), .seconds(60),
    ]
    self.factory = factory
  }

  /// One request answered on `route` with `status`, in `duration`.
  func recordRequest(route: String, status: Int, duration: Duration) {
    Counter(
      label: "icslanes_http_requests_total",
      dimensions: [("route", route), ("status", String(status))], factory: factory
    ).increment()
    Metrics.Timer(
      label: "icslanes_http_request_duration_seconds", dimensions: [("route", route)],
      factory: factory
    ).recordNanoseconds(
      duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
  }

  /// A feed loaded in `seconds`, holding `events` events.
  func recordLoad(of feed: String, seconds: Double, events: Int) {
    Metrics.Timer(
      label: "icslanes_feed_load_duration_seconds", dimensions: [("feed", feed)], factory: factory
    ).recordNanoseconds(Int64(seconds * 1e9))
    Gauge(label: "icslanes_feed_events", dimensions: [("feed", feed)], factory: factory)
      .record(events)
    Gauge(
      label: "icslanes_feed_last_load_timestamp_seconds", dimensions: [("feed", feed)],
      factory: factory
    ).record(Date().timeIntervalSince1970)
  }

  /// A feed whose refresh failed.
  func recordFailure(of feed: String) {
    Counter(
      label: "icslanes_feed_refresh_failures_total", dimensions: [("feed", feed)],
      factory: factory
    ).increment()
  }

  /// The Prometheus text of every metric.
  func text() -> [UInt8] {
    registry.emitToBuffer()
  }
}
