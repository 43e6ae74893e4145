"""python -m swiftlab_kernel -f CONNECTION_FILE: what the kernelspec starts."""

from ipykernel.kernelapp import IPKernelApp

from .kernel import SwiftLabKernel

IPKernelApp.launch_instance(kernel_class=SwiftLabKernel)
