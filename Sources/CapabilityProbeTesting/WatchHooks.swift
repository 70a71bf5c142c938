import CapabilityLive
import CapabilityProbe
import CapabilityWatch
import Dispatch

// The hooks exist in debug builds only, like the library seams they reach (CAPCHECK_TEST_HOOKS).
#if CAPCHECK_TEST_HOOKS
    /// What tests look at in a running watch: what it owns and whether its thread is gone.
    extension DeviceEventStream {
        /// The descriptors the running watch owns (monitor socket, wake-up pipe).
        public var descriptors: [Int32] { control.descriptors }

        /// The watch thread's `/proc/PID/task/TID` directory; it is gone once the thread was
        /// joined (nil before the worker started or without /proc).
        public var workerTaskPath: String? { control.workerTaskPath }

        /// Waits until the watch thread has released its libudev objects and descriptors,
        /// without joining it (cancellation alone must stop the worker).
        /// - Parameter timeout: The latest time to wait until.
        /// - Returns: Whether it did in time.
        public func waitForWorkerExit(timeout: DispatchTime) -> Bool {
            control.waitForWorkerExit(timeout: timeout)
        }
    }

    /// A watch that starts from a recorded machine instead of the live enumeration: its battery
    /// and proximity values are then read under `sysfsRoot`, a directory the test owns, so a test
    /// changes a value by writing a file there, never under `/sys`.
    extension WatchOptions {
        /// These options with a recorded baseline.
        /// - Parameter inventory: The machine the watch starts from.
        /// - Returns: The options.
        public func startingFrom(_ inventory: DeviceInventory) -> WatchOptions {
            var options = self
            options.baseline = inventory
            return options
        }
    }
#endif
