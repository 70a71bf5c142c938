#!/usr/bin/env python3
"""Writes a Play Console device-catalog export of N made-up models (current header) to stdout,
for timing `capcheck matrix --catalog` at Play's scale (about 25 000 models).

    python3 Scripts/generate-play-export.py 25000 > /tmp/export.csv
"""
import random
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 25000
rng = random.Random(7)
form = ["Phone"] * 60 + ["Tablet"] * 28 + ["TV"] * 10 + ["Wearable", "Chromebook"]
abis = ["arm64-v8a;armeabi;armeabi-v7a", "armeabi;armeabi-v7a", "arm64-v8a", "x86;x86_64"]
print("Brand,Device,Manufacturer,Model Name,RAM (TotalMem),Form Factor,System on Chip,GPU,"
      "Screen Sizes,Screen Densities,ABIs,Android SDK Versions,OpenGL ES Versions,"
      "Install base,User-perceived ANR rate,User-perceived crash rate")
for index in range(count):
    first = rng.randint(21, 34)
    sdks = ";".join(str(level) for level in range(first, min(36, first + rng.randint(0, 3)) + 1))
    print(f"brand{index % 97},dev{index},Maker{index % 97},\"Model {index}\",{rng.randint(1, 16) * 1024}MB,"
          f"{rng.choice(form)},SoC {index % 50},GPU {index % 40},1080x{rng.choice([1920, 2340, 2400])},"
          f"{rng.choice([160, 240, 320, 420, 480])},{rng.choice(abis)},{sdks},"
          f"{rng.choice(['2.0', '3.0', '3.1', '3.2'])},0,0.00%,0.00%")
