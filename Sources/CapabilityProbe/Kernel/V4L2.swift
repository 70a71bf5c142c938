/// V4L2 ioctl numbers, capability bits and control ids (Linux UAPI `videodev2.h`,
/// `v4l2-controls.h`; numbers as computed in `detection.md`).
public enum V4L2 {
    /// `VIDIOC_QUERYCAP`, struct v4l2_capability (104 bytes).
    public static let queryCapability: UInt = 0x8068_5600
    /// `VIDIOC_ENUM_FMT`, struct v4l2_fmtdesc (64 bytes).
    public static let enumerateFormat: UInt = 0xc040_5602
    /// `VIDIOC_ENUM_FRAMESIZES`, struct v4l2_frmsizeenum (44 bytes).
    public static let enumerateFrameSizes: UInt = 0xc02c_564a
    /// `VIDIOC_ENUM_FRAMEINTERVALS`, struct v4l2_frmivalenum (52 bytes).
    public static let enumerateFrameIntervals: UInt = 0xc034_564b
    /// `VIDIOC_QUERYCTRL`, struct v4l2_queryctrl (68 bytes).
    public static let queryControl: UInt = 0xc044_5624
    /// `VIDIOC_G_CTRL`, struct v4l2_control (8 bytes).
    public static let getControl: UInt = 0xc008_561b

    /// `V4L2_CAP_VIDEO_CAPTURE`.
    public static let capVideoCapture: UInt32 = 0x1
    /// `V4L2_CAP_VIDEO_OUTPUT`.
    public static let capVideoOutput: UInt32 = 0x2
    /// `V4L2_CAP_VIDEO_CAPTURE_MPLANE`.
    public static let capVideoCaptureMultiplanar: UInt32 = 0x1000
    /// `V4L2_CAP_VIDEO_M2M_MPLANE`.
    public static let capVideoMemoryToMemoryMultiplanar: UInt32 = 0x4000
    /// `V4L2_CAP_VIDEO_M2M`.
    public static let capVideoMemoryToMemory: UInt32 = 0x8000
    /// `V4L2_CAP_META_CAPTURE`.
    public static let capMetaCapture: UInt32 = 0x0080_0000
    /// `V4L2_CAP_TOUCH`: touch sensors exposed as video (not cameras).
    public static let capTouch: UInt32 = 0x1000_0000
    /// `V4L2_CAP_DEVICE_CAPS`: `device_caps` is valid.
    public static let capDeviceCaps: UInt32 = 0x8000_0000

    /// `V4L2_BUF_TYPE_VIDEO_CAPTURE`.
    public static let bufferVideoCapture: UInt32 = 1
    /// `V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE`.
    public static let bufferVideoCaptureMultiplanar: UInt32 = 9
    /// `V4L2_BUF_TYPE_META_CAPTURE`.
    public static let bufferMetaCapture: UInt32 = 13

    /// `V4L2_CTRL_FLAG_NEXT_CTRL`: ask for the next control after the id.
    public static let controlFlagNext: UInt32 = 0x8000_0000
    /// `V4L2_CTRL_FLAG_DISABLED`.
    public static let controlFlagDisabled: UInt32 = 0x1

    /// `V4L2_CID_FOCUS_AUTO` (continuous autofocus, UVC).
    public static let controlFocusAuto: UInt32 = 0x009a_090c
    /// `V4L2_CID_AUTO_FOCUS_START` (one-shot autofocus, sensor/VCM drivers).
    public static let controlAutoFocusStart: UInt32 = 0x009a_091c
    /// `V4L2_CID_CAMERA_ORIENTATION`: 0 front, 1 back, 2 external.
    public static let controlCameraOrientation: UInt32 = 0x009a_0922
    /// `V4L2_CID_FLASH_LED_MODE`: 0 none, 1 flash, 2 torch.
    public static let controlFlashLEDMode: UInt32 = 0x009c_0901
}
